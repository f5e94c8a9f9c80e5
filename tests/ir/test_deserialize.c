/* Unit tests of the deserializer (src/dialects/spirv/deserialize*.c): small modules assembled from
   text, deserialized, verified and printed; the printed IR is checked for what MLIR 19's
   representation (seed 004) says should be there. Then errors (each names the instruction),
   hostile inputs (huge bounds, type cycles, deep nesting) and out-of-memory at every allocation. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spvkit/ir_parallel.h"
#include "spvkit/spirv_dialect.h"
#include "spvkit/text.h"

static int failures, checks;
#define CHECK(cond)                                                                                          \
    do {                                                                                                     \
        checks++;                                                                                            \
        if (!(cond)) {                                                                                       \
            failures++;                                                                                      \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);                       \
        }                                                                                                    \
    } while (0)

static const char header_shader[] = "OpCapability Shader\n"
                                    "%glsl = OpExtInstImport \"GLSL.std.450\"\n"
                                    "OpMemoryModel Logical GLSL450\n";

static uint32_t *assemble(const char *text, size_t *count)
{
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    spvk_assemble_options o = {0};
    o.version = 0x10300;
    uint32_t *words = NULL;
    spvk_result r = spvk_assemble(text, strlen(text), &o, NULL, &words, count, &diags);
    if (r != SPVK_OK) {
        for (size_t i = 0; i < diags.count; i++) {
            char *s = spvk_diagnostic_format(&diags.items[i], NULL);
            fprintf(stderr, "assembler: %s\n", s ? s : "?");
            free(s);
        }
        words = NULL;
    }
    spvk_diagnostics_free(&diags);
    return words;
}

typedef struct result {
    spvk_result res;
    char *text;    /* the printed module (custom form), or NULL */
    char *generic; /* generic form */
    char *error;   /* the first diagnostic, formatted */
} result;

static void result_free(result *r)
{
    free(r->text);
    free(r->generic);
    free(r->error);
}

static result deserialize_words(const uint32_t *words, size_t count)
{
    result out = {SPVK_OK, NULL, NULL, NULL};
    spvk_ir_context *ctx = spvk_ir_context_create(NULL);
    spvk_ir_register_all_dialects(ctx);
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    spvk_ir_op *module = NULL;
    out.res = spvk_spirv_deserialize(ctx, words, count, &module, &diags);
    if (out.res == SPVK_OK) {
        out.res = spvk_ir_verify(ctx, module, &diags);
        spvk_ir_print_options po = {.generic = false, .debug_info = false, .assume_verified = false};
        out.text = spvk_ir_print(ctx, module, &po);
        po.generic = true;
        out.generic = spvk_ir_print(ctx, module, &po);
    }
    if (diags.count)
        out.error = spvk_diagnostic_format(&diags.items[0], NULL);
    if (out.res != SPVK_OK && out.error)
        fprintf(stderr, "  (diagnostic: %s)\n", out.error);
    spvk_diagnostics_free(&diags);
    spvk_ir_context_destroy(ctx);
    return out;
}

static result deserialize_text(const char *text)
{
    size_t count = 0;
    uint32_t *words = assemble(text, &count);
    if (!words) {
        result r = {SPVK_ERROR_INVALID, NULL, NULL, NULL};
        return r;
    }
    result r = deserialize_words(words, count);
    free(words);
    return r;
}

static bool has(const result *r, const char *needle)
{
    bool ok = (r->text && strstr(r->text, needle)) || (r->generic && strstr(r->generic, needle));
    if (!ok)
        fprintf(stderr, "  missing \"%s\" in:\n%s\n", needle, r->text ? r->text : "(nothing)");
    return ok;
}

static int count_of(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = text; p && (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

static char *cat(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    char *s = malloc(la + lb + 1);
    memcpy(s, a, la);
    memcpy(s + la, b, lb + 1);
    return s;
}

static result shader(const char *body)
{
    char *text = cat(header_shader, body);
    result r = deserialize_text(text);
    free(text);
    return r;
}

/* ---- Module level ---- */

static void test_module_level(void)
{
    result r = shader("OpEntryPoint GLCompute %main \"main\" %gid\n"
                      "OpExecutionMode %main LocalSize 8 4 1\n"
                      "OpName %buf \"buf\"\n"
                      "OpDecorate %gid BuiltIn GlobalInvocationId\n"
                      "OpDecorate %buf DescriptorSet 1\n"
                      "OpDecorate %buf Binding 2\n"
                      "OpDecorate %rta ArrayStride 4\n"
                      "OpMemberDecorate %S 0 Offset 0\n"
                      "OpMemberDecorate %S 0 NonWritable\n"
                      "OpDecorate %S Block\n"
                      "%void = OpTypeVoid\n%fn = OpTypeFunction %void\n"
                      "%uint = OpTypeInt 32 0\n%int = OpTypeInt 32 1\n%float = OpTypeFloat 32\n"
                      "%v3uint = OpTypeVector %uint 3\n%pin = OpTypePointer Input %v3uint\n"
                      "%gid = OpVariable %pin Input\n"
                      "%rta = OpTypeRuntimeArray %float\n%S = OpTypeStruct %rta\n"
                      "%psb = OpTypePointer StorageBuffer %S\n%buf = OpVariable %psb StorageBuffer\n"
                      "%main = OpFunction %void None %fn\n%l = OpLabel\nOpReturn\nOpFunctionEnd\n");
    CHECK(r.res == SPVK_OK);
    CHECK(has(&r, "vce_triple = #spirv.vce<v1.3, [Shader], []>"));
    CHECK(has(&r, "addressing_model = #spirv.addressing_model<Logical>"));
    CHECK(has(&r, "memory_model = #spirv.memory_model<GLSL450>"));
    CHECK(has(&r, "built_in = \"GlobalInvocationId\""));
    CHECK(has(&r, "sym_name = \"spirv_var_"));
    CHECK(has(&r, "binding = 2 : i32"));
    CHECK(has(&r, "descriptor_set = 1 : i32"));
    CHECK(has(&r, "!spirv.struct<(!spirv.rtarray<f32, stride=4> [0, NonWritable])>"));
    CHECK(has(&r, "execution_model = #spirv.execution_model<GLCompute>"));
    CHECK(has(&r, "values = [8 : i32, 4 : i32, 1 : i32]"));
    CHECK(has(&r, "sym_name = \"main\""));
    result_free(&r);
}

static void test_types(void)
{
    result r = shader("OpName %S \"S\"\nOpName %T \"S\"\nOpName %U \"S\"\nOpName %N \"Node\"\n"
                      "OpDecorate %arr ArrayStride 16\n"
                      "%void = OpTypeVoid\n%fn = OpTypeFunction %void\n"
                      "%uint = OpTypeInt 32 0\n%int = OpTypeInt 32 1\n%half = OpTypeFloat 16\n"
                      "%bool = OpTypeBool\n%u4 = OpConstant %uint 4\n"
                      "%arr = OpTypeArray %half %u4\n"
                      "%S = OpTypeStruct %int %uint\n%T = OpTypeStruct %uint\n%U = OpTypeStruct %int %uint\n"
                      "OpTypeForwardPointer %pn PhysicalStorageBuffer\n"
                      "%N = OpTypeStruct %int %pn\n%pn = OpTypePointer PhysicalStorageBuffer %N\n"
                      "%pS = OpTypePointer Private %S\n%pT = OpTypePointer Private %T\n%pU = OpTypePointer Private %U\n"
                      "%pa = OpTypePointer Private %arr\n%pb = OpTypePointer Private %bool\n"
                      "%vS = OpVariable %pS Private\n%vT = OpVariable %pT Private\n%vU = OpVariable %pU Private\n"
                      "%va = OpVariable %pa Private\n%vb = OpVariable %pb Private\n"
                      "%pp = OpTypePointer Private %pn\n%vp = OpVariable %pp Private\n"
                      "%main = OpFunction %void None %fn\n%l = OpLabel\nOpReturn\nOpFunctionEnd\n");
    CHECK(r.res == SPVK_OK);
    CHECK(has(&r, "!spirv.struct<S, (si32, i32)>"));
    CHECK(has(&r, "!spirv.struct<S_1, (i32)>"));
    /* The module keeps S_1's own name for the serializer. */
    CHECK(has(&r, "spvkit.struct_names = {S_1 = \"S\"}"));
    /* The same name and body is the same type: no S_2. */
    CHECK(r.text && !strstr(r.text, "S_2"));
    CHECK(has(&r, "!spirv.array<4 x f16, stride=16>"));
    CHECK(has(&r, "!spirv.ptr<i1, Private>"));
    CHECK(has(&r, "!spirv.struct<Node, (si32, !spirv.ptr<!spirv.struct<Node>, PhysicalStorageBuffer>)>"));
    result_free(&r);

    /* Void is none; bf16 */
    static const char bf16[] = "OpCapability Shader\nOpCapability BFloat16TypeKHR\nOpExtension \"SPV_KHR_bfloat16\"\n"
                               "OpMemoryModel Logical GLSL450\n"
                               "%void = OpTypeVoid\n%bf = OpTypeFloat 16 BFloat16KHR\n%fn = OpTypeFunction %bf %bf\n"
                               "%one = OpConstant %bf 1\n"
                               "%f = OpFunction %bf None %fn\n%a = OpFunctionParameter %bf\n%l = OpLabel\n"
                               "%s = OpFAdd %bf %a %one\nOpReturnValue %s\nOpFunctionEnd\n";
    r = deserialize_text(bf16);
    CHECK(r.res == SPVK_OK);
    CHECK(has(&r, "(bf16) -> bf16"));
    CHECK(has(&r, "1.000000e+00 : bf16"));
    result_free(&r);
}

static void test_constants(void)
{
    result r = shader("%void = OpTypeVoid\n%fn = OpTypeFunction %void\n"
                      "%uint = OpTypeInt 32 0\n%int = OpTypeInt 32 1\n%float = OpTypeFloat 32\n%bool = OpTypeBool\n"
                      "%v4 = OpTypeVector %float 4\n%u3 = OpConstant %uint 3\n%arr = OpTypeArray %v4 %u3\n"
                      "%f1 = OpConstant %float 1\n%f2 = OpConstant %float 2\n%nan = OpConstant %float -0x1.8p+128\n"
                      "%m1 = OpConstant %uint 4294967295\n%neg = OpConstant %int -5\n%t = OpConstantTrue %bool\n"
                      "%splat = OpConstantComposite %v4 %f1 %f1 %f1 %f1\n%vec = OpConstantComposite %v4 %f1 %f2 %f1 %f2\n"
                      "%ca = OpConstantComposite %arr %splat %vec %splat\n%null = OpConstantNull %arr\n"
                      "%pv = OpTypePointer Function %v4\n%pa = OpTypePointer Function %arr\n"
                      "%pu = OpTypePointer Function %uint\n%pi = OpTypePointer Function %int\n"
                      "%pf = OpTypePointer Function %float\n%pb = OpTypePointer Function %bool\n"
                      "%main = OpFunction %void None %fn\n%l = OpLabel\n"
                      "%a = OpVariable %pa Function\n%b = OpVariable %pa Function\n%c = OpVariable %pv Function\n"
                      "%u = OpVariable %pu Function\n%i = OpVariable %pi Function\n%x = OpVariable %pf Function\n"
                      "%y = OpVariable %pb Function\n"
                      "OpStore %a %ca\nOpStore %b %null\nOpStore %c %splat\nOpStore %u %m1\nOpStore %i %neg\n"
                      "OpStore %x %nan\nOpStore %y %t\nOpStore %c %splat\n"
                      "OpReturn\nOpFunctionEnd\n");
    CHECK(r.res == SPVK_OK);
    CHECK(has(&r, "dense<1.000000e+00> : vector<4xf32>"));
    CHECK(has(&r, "dense<[1.000000e+00, 2.000000e+00, 1.000000e+00, 2.000000e+00]> : vector<4xf32>"));
    CHECK(has(&r, "-1 : i32"));
    CHECK(has(&r, "-5 : si32"));
    CHECK(has(&r, "value = true"));
    CHECK(has(&r, "[dense<0.000000e+00> : vector<4xf32>, dense<0.000000e+00> : vector<4xf32>, dense<0.000000e+00> : vector<4xf32>]"));
    /* A NaN keeps its payload (MLIR prints NaN in hex). */
    CHECK(has(&r, "0xFFC00000 : f32"));
    /* One spirv.Constant per block and value: %splat is stored twice but materialized once. */
    CHECK(r.generic && count_of(r.generic, "dense<1.000000e+00> : vector<4xf32>}") == 1);
    result_free(&r);
}

static void test_spec_constants(void)
{
    result r = shader("OpEntryPoint GLCompute %main \"main\"\nOpExecutionMode %main LocalSize 1 1 1\n"
                      "OpName %sc \"width\"\nOpDecorate %sc SpecId 7\nOpDecorate %wg BuiltIn WorkgroupSize\n"
                      "%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%uint = OpTypeInt 32 0\n"
                      "%v3 = OpTypeVector %uint 3\n%one = OpConstant %uint 1\n"
                      "%sc = OpSpecConstant %uint 64\n%wg = OpSpecConstantComposite %v3 %sc %one %one\n"
                      "%dbl = OpSpecConstantOp %uint IMul %sc %one\n%pu = OpTypePointer Function %uint\n"
                      "%main = OpFunction %void None %fn\n%l = OpLabel\n%v = OpVariable %pu Function\n"
                      "%x = OpCompositeExtract %uint %wg 0\n%y = OpIAdd %uint %x %dbl\nOpStore %v %y\n"
                      "OpReturn\nOpFunctionEnd\n");
    CHECK(r.res == SPVK_OK);
    CHECK(has(&r, "spirv.SpecConstant @width spec_id(7) = 64 : i32"));
    CHECK(has(&r, "spirv.SpecConstantComposite @spirv_spec_const_"));
    CHECK(has(&r, "built_in = \"WorkgroupSize\""));
    CHECK(has(&r, "spirv.mlir.referenceof @width"));
    CHECK(has(&r, "spirv.SpecConstantOperation"));
    CHECK(has(&r, "spirv.mlir.yield"));
    result_free(&r);

    /* OpSpecConstantOp naming an opcode it does not allow (found by fuzzing: OpNop has no result
       for the yield to return) is an error naming the instruction. */
    size_t count;
    uint32_t *w = assemble("OpCapability Shader\nOpCapability Linkage\nOpMemoryModel Logical GLSL450\n"
                           "%uint = OpTypeInt 32 0\n%one = OpConstant %uint 1\n"
                           "%neg = OpSpecConstantOp %uint SNegate %one\n",
                           &count);
    CHECK(w != NULL && count >= 5 && w[count - 5] == (5u << 16 | SPVK_OP_SpecConstantOp));
    if (w && count >= 5) {
        w[count - 5] = 4u << 16 | SPVK_OP_SpecConstantOp; /* the opcode becomes OpNop, without operands */
        w[count - 2] = SPVK_OP_Nop;
        r = deserialize_words(w, count - 1);
        CHECK(r.res == SPVK_ERROR_INVALID);
        CHECK(r.error && strstr(r.error, "(OpSpecConstantOp): OpSpecConstantOp names OpNop, which is not an opcode it allows"));
        result_free(&r);
    }
    free(w);

    /* LocalSizeId with plain constants is LocalSize; with a spec constant spirv.ExecutionModeId. */
    static const char id_modes[] = "OpCapability Shader\nOpMemoryModel Logical GLSL450\n"
                                   "OpEntryPoint GLCompute %main \"main\"\n"
                                   "OpExecutionModeId %main LocalSizeId %c16 %one %one\n"
                                   "%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%uint = OpTypeInt 32 0\n"
                                   "%c16 = OpConstant %uint 16\n%one = OpConstant %uint 1\n"
                                   "%main = OpFunction %void None %fn\n%l = OpLabel\nOpReturn\nOpFunctionEnd\n";
    w = assemble(id_modes, &count);
    CHECK(w != NULL);
    if (w) {
        w[1] = 0x10600; /* SPIR-V 1.6 */
        r = deserialize_words(w, count);
        CHECK(r.res == SPVK_OK);
        CHECK(has(&r, "execution_mode = #spirv.execution_mode<LocalSize>"));
        CHECK(has(&r, "values = [16 : i32, 1 : i32, 1 : i32]"));
        result_free(&r);
        free(w);
    }
}

/* ---- Control flow ---- */

static const char cf_prelude[] = "%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%uint = OpTypeInt 32 0\n"
                                 "%bool = OpTypeBool\n%c0 = OpConstant %uint 0\n%c1 = OpConstant %uint 1\n"
                                 "%c10 = OpConstant %uint 10\n%pu = OpTypePointer Function %uint\n"
                                 "%fnb = OpTypeFunction %uint %bool %uint\n";

static result cf(const char *body)
{
    char *a = cat(header_shader, cf_prelude);
    char *b = cat(a, body);
    result r = deserialize_text(b);
    free(a);
    free(b);
    return r;
}

static void test_selection(void)
{
    /* if/else with a phi in the merge block (short-circuit &&), early return, values of the
       header used after the construct. */
    result r = cf("%f = OpFunction %uint None %fnb\n%p = OpFunctionParameter %bool\n%q = OpFunctionParameter %uint\n"
                  "%e = OpLabel\n%h = OpIAdd %uint %q %c1\n%lt = OpULessThan %bool %h %c10\n"
                  "OpSelectionMerge %m None\nOpBranchConditional %p %t %m\n"
                  "%t = OpLabel\nOpBranch %m\n"
                  "%m = OpLabel\n%phi = OpPhi %bool %lt %t %p %e\n"
                  "OpSelectionMerge %m2 None\nOpBranchConditional %phi %r %m2\n"
                  "%r = OpLabel\nOpReturnValue %h\n"
                  "%m2 = OpLabel\n%z = OpIMul %uint %h %h\nOpReturnValue %z\nOpFunctionEnd\n");
    CHECK(r.res == SPVK_OK);
    CHECK(has(&r, "spirv.mlir.selection"));
    CHECK(has(&r, "spirv.mlir.merge"));
    /* The header's add stays outside the selection: usable after it without a variable. */
    CHECK(has(&r, "spirv.IMul"));
    /* The merge block's phi goes through a Function variable of i1. */
    CHECK(has(&r, "!spirv.ptr<i1, Function>"));
    result_free(&r);
}

static void test_loops(void)
{
    /* A loop with a break from inside an if (multi-level exit), a continue, a phi in the
       header, and a value from the header used after the loop. */
    result r = cf("%f = OpFunction %uint None %fnb\n%p = OpFunctionParameter %bool\n%q = OpFunctionParameter %uint\n"
                  "%e = OpLabel\nOpBranch %h\n"
                  "%h = OpLabel\n%i = OpPhi %uint %c0 %e %next %c\n%hv = OpIAdd %uint %i %q\n"
                  "OpLoopMerge %m %c None\nOpBranch %body\n"
                  "%body = OpLabel\n%lt = OpULessThan %bool %i %c10\nOpSelectionMerge %im None\n"
                  "OpBranchConditional %lt %im %brk\n"
                  "%brk = OpLabel\nOpBranch %m\n"
                  "%im = OpLabel\nOpSelectionMerge %im2 None\nOpBranchConditional %p %cnt %im2\n"
                  "%cnt = OpLabel\nOpBranch %c\n"
                  "%im2 = OpLabel\nOpBranch %c\n"
                  "%c = OpLabel\n%next = OpIAdd %uint %i %c1\nOpBranch %h\n"
                  "%m = OpLabel\n%out = OpIAdd %uint %hv %c1\nOpReturnValue %out\nOpFunctionEnd\n");
    CHECK(r.res == SPVK_OK);
    CHECK(has(&r, "spirv.mlir.loop"));
    /* The exit code: an i32 variable, compared after the nested selections. */
    CHECK(has(&r, "spirv.IEqual"));
    /* %hv, defined in the loop header, is carried out through a variable. */
    CHECK(r.text && count_of(r.text, "spirv.Variable") >= 2);
    result_free(&r);

    /* A single-block loop gets a forwarding block before the merge. */
    r = cf("%f = OpFunction %uint None %fnb\n%p = OpFunctionParameter %bool\n%q = OpFunctionParameter %uint\n"
           "%e = OpLabel\nOpBranch %h\n"
           "%h = OpLabel\n%i = OpPhi %uint %c0 %e %n %h\n%n = OpIAdd %uint %i %c1\n"
           "%lt = OpULessThan %bool %n %q\nOpLoopMerge %m %h None\nOpBranchConditional %lt %h %m\n"
           "%m = OpLabel\nOpReturnValue %c0\nOpFunctionEnd\n");
    CHECK(r.res == SPVK_OK);
    CHECK(has(&r, "spirv.mlir.loop"));
    result_free(&r);
}

/* Array lengths and cooperative matrix parameters given by spec constants (spvkit's addition:
   the type carries the spec constant's symbol); an OpSpecConstantOp length gets a module-level
   spirv.SpecConstantOperation with a symbol. */
static void test_spec_sized_types(void)
{
    static const char text[] =
        "OpCapability Shader\nOpMemoryModel Logical GLSL450\nOpName %n \"LEN\"\nOpName %m \"TWICE\"\n"
        "OpDecorate %n SpecId 3\n"
        "%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%uint = OpTypeInt 32 0\n%two = OpConstant %uint 2\n"
        "%n = OpSpecConstant %uint 4\n%m = OpSpecConstantOp %uint IMul %n %two\n"
        "%a = OpTypeArray %uint %n\n%b = OpTypeArray %uint %m\n"
        "%pa = OpTypePointer Workgroup %a\n%pb = OpTypePointer Workgroup %b\n"
        "%va = OpVariable %pa Workgroup\n%vb = OpVariable %pb Workgroup\n"
        "%f = OpFunction %void None %fn\n%l = OpLabel\nOpReturn\nOpFunctionEnd\n";
    size_t count;
    uint32_t *w = assemble(text, &count);
    CHECK(w != NULL);
    if (!w)
        return;
    spvk_ir_context *ctx = spvk_ir_context_create(NULL);
    spvk_ir_register_all_dialects(ctx);
    spvk_ir_op *m = NULL;
    CHECK(spvk_spirv_deserialize(ctx, w, count, &m, NULL) == SPVK_OK);
    int arrays = 0, spec_ops = 0;
    for (spvk_ir_op *op = m ? m->regions[0].first->first : NULL; op; op = op->next) {
        if (strcmp(spvk_ir_op_name(op), "spirv.SpecConstantOperation") == 0) {
            const spvk_ir_attr *name = spvk_ir_op_attr(op, "sym_name");
            CHECK(name && strcmp(name->string, "TWICE") == 0);
            spec_ops++;
        }
        if (strcmp(spvk_ir_op_name(op), "spirv.GlobalVariable") != 0)
            continue;
        const spvk_ir_attr *t = spvk_ir_op_attr(op, "type");
        const spvk_ir_type *arr = t ? t->type->types[0] : NULL;
        CHECK(arr && arr->kind == SPVK_SPIRV_ARRAY && arr->num_attrs == 1);
        if (arr && arr->num_attrs == 1) {
            const char *sym = arr->attrs[0]->string;
            bool twice = strcmp(sym, "TWICE") == 0;
            CHECK(twice || strcmp(sym, "LEN") == 0);
            CHECK(arr->ints[0] == -1); /* no default in the type: the text has none */
            arrays++;
        }
    }
    CHECK(arrays == 2 && spec_ops == 1);
    spvk_ir_context_destroy(ctx);
    free(w);
}

static void test_switch_and_calls(void)
{
    result r = cf("%g = OpFunction %uint None %fnb\n%gp = OpFunctionParameter %bool\n%gq = OpFunctionParameter %uint\n"
                  "%ge = OpLabel\nOpReturnValue %gq\nOpFunctionEnd\n"
                  "%f = OpFunction %uint None %fnb\n%p = OpFunctionParameter %bool\n%q = OpFunctionParameter %uint\n"
                  "%e = OpLabel\nOpSelectionMerge %m None\nOpSwitch %q %d 1 %a 2 %b\n"
                  "%a = OpLabel\nOpBranch %b\n"
                  "%b = OpLabel\nOpBranch %m\n"
                  "%d = OpLabel\nOpBranch %m\n"
                  "%m = OpLabel\n%r = OpFunctionCall %uint %g %p %q\nOpReturnValue %r\nOpFunctionEnd\n");
    CHECK(r.res == SPVK_OK);
    CHECK(has(&r, "spirv.Switch"));
    CHECK(has(&r, "case_values = [1 : i32, 2 : i32]"));
    CHECK(has(&r, "spirv.FunctionCall @spirv_fn_"));
    result_free(&r);
}

static void test_opencl(void)
{
    /* A kernel without merges keeps a flat CFG; phis are block arguments. */
    static const char kernel[] =
        "OpCapability Addresses\nOpCapability Kernel\n%cl = OpExtInstImport \"OpenCL.std\"\n"
        "OpMemoryModel Physical64 OpenCL\nOpEntryPoint Kernel %k \"k\"\n"
        "OpDecorate %pp FuncParamAttr NoCapture\n"
        "%void = OpTypeVoid\n%uint = OpTypeInt 32 0\n%bool = OpTypeBool\n%float = OpTypeFloat 32\n"
        "%pg = OpTypePointer CrossWorkgroup %float\n%fn = OpTypeFunction %void %pg %uint\n"
        "%c0 = OpConstant %uint 0\n%c1 = OpConstant %uint 1\n"
        "%k = OpFunction %void None %fn\n%pp = OpFunctionParameter %pg\n%n = OpFunctionParameter %uint\n"
        "%e = OpLabel\nOpBranch %h\n"
        "%h = OpLabel\n%i = OpPhi %uint %c0 %e %i1 %h\n%x = OpLoad %float %pp\n%s = OpExtInst %float %cl sqrt %x\n"
        "OpStore %pp %s\n%i1 = OpIAdd %uint %i %c1\n%lt = OpULessThan %bool %i1 %n\nOpBranchConditional %lt %h %x2\n"
        "%x2 = OpLabel\nOpReturn\nOpFunctionEnd\n";
    result r = deserialize_text(kernel);
    CHECK(r.res == SPVK_OK);
    CHECK(has(&r, "spirv.CL.sqrt"));
    CHECK(r.text && !strstr(r.text, "spirv.mlir.loop"));
    CHECK(has(&r, "spvkit.func_param_attr"));
    CHECK(has(&r, "addressing_model = #spirv.addressing_model<Physical64>"));
    result_free(&r);
}

/* Instruction constructs the IR once refused (issue 30): how each is held. The corpus's
   tests/corpus/bf16/ir_*.spvasm take them through the whole round trip. */
static void test_instruction_constructs(void)
{
    static const char head[] = "OpCapability Shader\nOpCapability UntypedPointersKHR\n"
                               "OpExtension \"SPV_KHR_untyped_pointers\"\nOpMemoryModel Logical GLSL450\n"
                               "OpEntryPoint GLCompute %main \"main\" %buf %raw\nOpExecutionMode %main LocalSize 1 1 1\n"
                               "OpDecorate %S Block\nOpMemberDecorate %S 0 Offset 0\n";
    static const char types[] = "%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%uint = OpTypeInt 32 0\n"
                                "%c0 = OpConstant %uint 0\n%c1 = OpConstant %uint 1\n%S = OpTypeStruct %uint\n"
                                "%sb = OpTypeUntypedPointerKHR StorageBuffer\n%fp = OpTypeUntypedPointerKHR Function\n";
    char text[4096];
    /* Untyped variables: global with and without a data type, local with an initializer. */
    snprintf(text, sizeof text, "%s%s%s", head, types,
             "%buf = OpUntypedVariableKHR %sb StorageBuffer %S\n%raw = OpUntypedVariableKHR %sb StorageBuffer\n"
             "%main = OpFunction %void None %fn\n%e = OpLabel\n%l = OpUntypedVariableKHR %fp Function %uint %c1\n"
             "%p = OpUntypedAccessChainKHR %sb %S %buf %c0\n%v = OpLoad %uint %l\nOpStore %p %v\nOpReturn\nOpFunctionEnd\n");
    result r = deserialize_text(text);
    CHECK(r.res == SPVK_OK);
    CHECK(has(&r, "{data_type = !spirv.struct<(i32 [0])>} : !spirv.untyped_pointer<StorageBuffer>"));
    CHECK(has(&r, "spirv.GlobalVariable @spirv_var_3 : !spirv.untyped_pointer<StorageBuffer>"));
    CHECK(has(&r, "\"spirv.UntypedVariableKHR\"(%"));
    CHECK(has(&r, "base_type = !spirv.struct<(i32 [0])>"));
    result_free(&r);

    /* A function named by an operand: a symbol attribute. */
    r = deserialize_text("OpCapability Shader\nOpCapability CooperativeMatrixKHR\n"
                         "OpCapability CooperativeMatrixPerElementOperationsNV\nOpCapability VulkanMemoryModel\n"
                         "OpExtension \"SPV_KHR_cooperative_matrix\"\nOpExtension \"SPV_NV_cooperative_matrix2\"\n"
                         "OpMemoryModel Logical Vulkan\nOpEntryPoint GLCompute %main \"main\"\n"
                         "OpExecutionMode %main LocalSize 32 1 1\nOpName %twice \"twice\"\n"
                         "%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%uint = OpTypeInt 32 0\n%f32 = OpTypeFloat 32\n"
                         "%c2 = OpConstant %uint 2\n%c3 = OpConstant %uint 3\n%c16 = OpConstant %uint 16\n"
                         "%m = OpTypeCooperativeMatrixKHR %f32 %c3 %c16 %c16 %c2\n%z = OpConstantNull %m\n"
                         "%efn = OpTypeFunction %f32 %uint %uint %f32\n"
                         "%twice = OpFunction %f32 None %efn\n%r = OpFunctionParameter %uint\n%c = OpFunctionParameter %uint\n"
                         "%x = OpFunctionParameter %f32\n%l1 = OpLabel\n%y = OpFAdd %f32 %x %x\nOpReturnValue %y\nOpFunctionEnd\n"
                         "%main = OpFunction %void None %fn\n%e = OpLabel\n"
                         "%w = OpCooperativeMatrixPerElementOpEXT %m %z %twice\nOpReturn\nOpFunctionEnd\n");
    CHECK(r.res == SPVK_OK);
    CHECK(has(&r, "\"spirv.CooperativeMatrixPerElementOpEXT\"(%"));
    CHECK(has(&r, "{func = @twice}"));
    result_free(&r);

    /* A decorated phi: its value reaches the uses through a decorated copy. */
    r = deserialize_text("OpCapability Shader\nOpMemoryModel Logical GLSL450\nOpEntryPoint GLCompute %main \"main\"\n"
                         "OpExecutionMode %main LocalSize 1 1 1\nOpDecorate %i RelaxedPrecision\n"
                         "%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%uint = OpTypeInt 32 0\n%bool = OpTypeBool\n"
                         "%c0 = OpConstant %uint 0\n%c1 = OpConstant %uint 1\n%c9 = OpConstant %uint 9\n"
                         "%main = OpFunction %void None %fn\n%e = OpLabel\nOpBranch %h\n"
                         "%h = OpLabel\n%i = OpPhi %uint %c0 %e %n %b\nOpLoopMerge %x %b None\nOpBranch %b\n"
                         "%b = OpLabel\n%n = OpIAdd %uint %i %c1\n%t = OpULessThan %bool %n %c9\n"
                         "OpBranchConditional %t %h %x\n%x = OpLabel\nOpReturn\nOpFunctionEnd\n");
    CHECK(r.res == SPVK_OK);
    CHECK(has(&r, "\"spirv.CopyObject\"(%"));
    CHECK(has(&r, "{relaxed_precision}"));
    result_free(&r);

    /* OpDecorateId's <id> operands: a symbol, an integer. */
    r = deserialize_text("OpCapability Shader\nOpExtension \"SPV_GOOGLE_hlsl_functionality1\"\n"
                         "OpMemoryModel Logical GLSL450\nOpEntryPoint GLCompute %main \"main\" %c %b\n"
                         "OpExecutionMode %main LocalSize 1 1 1\nOpDecorate %S Block\nOpMemberDecorate %S 0 Offset 0\n"
                         "OpDecorateId %b CounterBuffer %c\nOpDecorateId %v UniformId %c3\n"
                         "%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%uint = OpTypeInt 32 0\n%c3 = OpConstant %uint 3\n"
                         "%S = OpTypeStruct %uint\n%p = OpTypePointer StorageBuffer %S\n"
                         "%c = OpVariable %p StorageBuffer\n%b = OpVariable %p StorageBuffer\n"
                         "%main = OpFunction %void None %fn\n%e = OpLabel\n%v = OpIAdd %uint %c3 %c3\nOpReturn\nOpFunctionEnd\n");
    CHECK(r.res == SPVK_OK);
    CHECK(has(&r, "counter_buffer = @spirv_var_"));
    CHECK(has(&r, "uniform_id = 3 : i32"));
    result_free(&r);

    /* An extended instruction set of the grammar without ops of its own: spirv.ExtInst. Debug
       information's forward references are dropped with it. */
    r = deserialize_text("OpCapability Shader\nOpExtension \"SPV_AMD_shader_trinary_minmax\"\n"
                         "OpExtension \"SPV_KHR_non_semantic_info\"\nOpExtension \"SPV_KHR_relaxed_extended_instruction\"\n"
                         "%mm = OpExtInstImport \"SPV_AMD_shader_trinary_minmax\"\n"
                         "%dbg = OpExtInstImport \"NonSemantic.Shader.DebugInfo.100\"\n"
                         "OpMemoryModel Logical GLSL450\nOpEntryPoint GLCompute %main \"main\"\n"
                         "OpExecutionMode %main LocalSize 1 1 1\n%file = OpString \"a\"\n"
                         "%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%uint = OpTypeInt 32 0\n%c3 = OpConstant %uint 3\n"
                         "%src = OpExtInst %void %dbg DebugSource %file\n"
                         "%fw = OpExtInstWithForwardRefsKHR %void %dbg DebugSource %file\n"
                         "%main = OpFunction %void None %fn\n%e = OpLabel\n%v = OpExtInst %uint %mm UMax3AMD %c3 %c3 %c3\n"
                         "OpReturn\nOpFunctionEnd\n");
    CHECK(r.res == SPVK_OK);
    CHECK(has(&r, "{instruction = 5 : i32, set = \"SPV_AMD_shader_trinary_minmax\"}"));
    CHECK(r.text && !strstr(r.text, "DebugInfo"));
    result_free(&r);

    /* OpExecutionModeId with a type operand and a normal constant (which must stay one). */
    r = deserialize_text("OpCapability Shader\nOpCapability FloatControls2\nOpExtension \"SPV_KHR_float_controls2\"\n"
                         "OpMemoryModel Logical GLSL450\nOpEntryPoint GLCompute %main \"main\"\n"
                         "OpExecutionModeId %main FPFastMathDefault %f32 %mode\n"
                         "%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%uint = OpTypeInt 32 0\n%f32 = OpTypeFloat 32\n"
                         "%mode = OpConstant %uint 458767\n"
                         "%main = OpFunction %void None %fn\n%e = OpLabel\nOpReturn\nOpFunctionEnd\n");
    CHECK(r.res == SPVK_OK);
    CHECK(has(&r, "values = [f32, 458767 : i32]"));
    result_free(&r);

    /* A specialization constant where MLIR makes the id an attribute (a barrier's scope): its
       symbol. A function ending in OpUnreachable (reachable for MLIR): a return. */
    r = deserialize_text("OpCapability Shader\nOpMemoryModel Logical GLSL450\nOpEntryPoint GLCompute %main \"main\"\n"
                         "OpExecutionMode %main LocalSize 1 1 1\nOpDecorate %scope SpecId 3\n"
                         "%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%uint = OpTypeInt 32 0\n"
                         "%scope = OpSpecConstant %uint 2\n%none = OpConstant %uint 0\n"
                         "%main = OpFunction %void None %fn\n%e = OpLabel\nOpControlBarrier %scope %scope %none\n"
                         "OpUnreachable\nOpFunctionEnd\n");
    CHECK(r.res == SPVK_OK);
    CHECK(has(&r, "execution_scope = @spirv_spec_const_"));
    CHECK(has(&r, "spirv.Return"));
    result_free(&r);

    /* An image loaded in a loop header and used after the loop: loaded again there (no Function
       variable may hold an image). */
    r = deserialize_text("OpCapability Shader\nOpCapability StorageImageWriteWithoutFormat\nOpMemoryModel Logical GLSL450\n"
                         "OpEntryPoint GLCompute %main \"main\" %img\nOpExecutionMode %main LocalSize 1 1 1\n"
                         "OpDecorate %img DescriptorSet 0\nOpDecorate %img Binding 0\n"
                         "%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%uint = OpTypeInt 32 0\n%bool = OpTypeBool\n"
                         "%f32 = OpTypeFloat 32\n%v4 = OpTypeVector %f32 4\n%v2u = OpTypeVector %uint 2\n"
                         "%it = OpTypeImage %f32 2D 0 0 0 2 Unknown\n%pit = OpTypePointer UniformConstant %it\n"
                         "%img = OpVariable %pit UniformConstant\n%t = OpConstantTrue %bool\n%c0 = OpConstant %uint 0\n"
                         "%z = OpConstantComposite %v2u %c0 %c0\n%f0 = OpConstant %f32 0\n"
                         "%col = OpConstantComposite %v4 %f0 %f0 %f0 %f0\n"
                         "%main = OpFunction %void None %fn\n%e = OpLabel\nOpBranch %hd\n"
                         "%hd = OpLabel\n%h = OpLoad %it %img\nOpLoopMerge %m %c None\nOpBranch %c\n"
                         "%c = OpLabel\nOpImageWrite %h %z %col\nOpBranchConditional %t %hd %m\n"
                         "%m = OpLabel\nOpImageWrite %h %z %col\nOpReturn\nOpFunctionEnd\n");
    CHECK(r.res == SPVK_OK);
    CHECK(r.text && strstr(r.text, "spirv.Load \"UniformConstant\"") &&
          strstr(strstr(r.text, "spirv.Load \"UniformConstant\"") + 1, "spirv.Load \"UniformConstant\""));
    result_free(&r);
}

/* ---- Errors and hostile input ---- */

static void expect_error(const char *what, const char *text, const char *needle)
{
    result r = deserialize_text(text);
    CHECK(r.res == SPVK_ERROR_INVALID);
    if (!(r.error && strstr(r.error, needle))) {
        failures++;
        fprintf(stderr, "%s: expected an error with \"%s\", got \"%s\"\n", what, needle,
                r.error ? r.error : "(none)");
    }
    checks++;
    result_free(&r);
}

static void test_errors(void)
{
    expect_error("unknown ext set",
                 "OpCapability Shader\n%x = OpExtInstImport \"SPV_FOO_not_in_the_grammar\"\nOpMemoryModel Logical GLSL450\n",
                 "(OpExtInstImport)");
    expect_error("spec constant composite array length",
                 "OpCapability Shader\nOpMemoryModel Logical GLSL450\n%uint = OpTypeInt 32 0\n"
                 "%v2 = OpTypeVector %uint 2\n%n = OpSpecConstant %uint 4\n%c = OpSpecConstantComposite %v2 %n %n\n"
                 "%a = OpTypeArray %uint %c\n",
                 "(OpTypeArray)");
    expect_error("type cycle",
                 "OpCapability Shader\nOpMemoryModel Logical GLSL450\n%uint = OpTypeInt 32 0\n"
                 "%a = OpTypeStruct %uint %b\n%b = OpTypeStruct %a\n",
                 "itself");
    expect_error("value used before definition",
                 "OpCapability Shader\nOpMemoryModel Logical GLSL450\n%void = OpTypeVoid\n%fn = OpTypeFunction %void\n"
                 "%uint = OpTypeInt 32 0\n%f = OpFunction %void None %fn\n%l = OpLabel\n"
                 "%a = OpIAdd %uint %b %b\n%b = OpIAdd %uint %a %a\nOpReturn\nOpFunctionEnd\n",
                 "before its definition");
    expect_error("no memory model", "OpCapability Shader\n", "OpMemoryModel");
    expect_error("decoration of a block",
                 "OpCapability Shader\nOpMemoryModel Logical GLSL450\nOpDecorate %l RelaxedPrecision\n"
                 "%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%f = OpFunction %void None %fn\n%l = OpLabel\n"
                 "OpReturn\nOpFunctionEnd\n",
                 "(OpDecorate): decoration relaxed_precision of %");

    /* Constituents of a constant composite must have the types the composite's type gives them:
       an integer in a float vector once printed as text the parser rejects (fuzzer find). */
    static const struct {
        const char *type, *constituents, *needle;
    } bad_composites[] = {
        {"%v2", "%f1 %u1", "constituent %7 of a constant composite does not have the type"},
        {"%v2", "%f1", "a vector constant needs 2 constituents"},
        {"%s", "%f1 %u1", "constituent %8 of a constant composite does not have the type"},
        {"%s", "%u1", "needs 2 constituents, not 1"},
    };
    for (size_t i = 0; i < sizeof bad_composites / sizeof *bad_composites; i++) {
        char module[1024];
        snprintf(module, sizeof module,
                 "OpCapability Shader\nOpMemoryModel Logical GLSL450\n%%void = OpTypeVoid\n"
                 "%%fn = OpTypeFunction %%void\n%%uint = OpTypeInt 32 0\n%%float = OpTypeFloat 32\n"
                 "%%v2 = OpTypeVector %%float 2\n%%s = OpTypeStruct %%uint %%float\n"
                 "%%u1 = OpConstant %%uint 1\n%%f1 = OpConstant %%float 1\n"
                 "%%c = OpConstantComposite %s %s\n"
                 "%%f = OpFunction %%void None %%fn\n%%l = OpLabel\n%%x = OpCopyObject %s %%c\n"
                 "OpReturn\nOpFunctionEnd\n",
                 bad_composites[i].type, bad_composites[i].constituents, bad_composites[i].type);
        expect_error(bad_composites[i].needle, module, bad_composites[i].needle);
    }

    /* An OpSwitch on a float (spirv-as refuses to write one, so the integer type is patched into
       OpTypeFloat 32 plus an OpNop): refused, where it once printed case values the parser
       rejects (fuzzer find). */
    {
        size_t count = 0;
        uint32_t *w = assemble("OpCapability Shader\nOpMemoryModel Logical GLSL450\n%void = OpTypeVoid\n"
                               "%fn = OpTypeFunction %void\n%uint = OpTypeInt 32 0\n%c = OpConstant %uint 1\n"
                               "%f = OpFunction %void None %fn\n%l = OpLabel\nOpSelectionMerge %m None\n"
                               "OpSwitch %c %m 0 %m\n%m = OpLabel\nOpReturn\nOpFunctionEnd\n",
                               &count);
        CHECK(w != NULL);
        bool patched = false;
        for (size_t i = 5; w && i + 3 < count && !patched; i += w[i] >> 16)
            if (w[i] == (4u << 16 | 21u)) { /* OpTypeInt %uint 32 0 */
                w[i] = 3u << 16 | 22u;      /* OpTypeFloat %uint 32 */
                w[i + 3] = 1u << 16;        /* OpNop */
                patched = true;
            }
        CHECK(patched);
        result r = deserialize_words(w, count);
        CHECK(r.res == SPVK_ERROR_INVALID && r.error && strstr(r.error, "(OpSwitch): the selector of OpSwitch must be an integer"));
        result_free(&r);
        free(w);
    }

    /* Types nested 5000 deep in module order resolve one at a time; nested through forward
       references (invalid, but hostile input may do it) they are refused, not a stack overflow. */
    size_t cap = 1 << 20;
    char *text = malloc(cap);
    size_t n = (size_t)snprintf(text, cap, "OpCapability Shader\nOpMemoryModel Logical GLSL450\n"
                                           "%%uint = OpTypeInt 32 0\n%%c2 = OpConstant %%uint 2\n%%t0 = OpTypeVector %%uint 2\n");
    for (int i = 1; i < 5000; i++)
        n += (size_t)snprintf(text + n, cap - n, "%%t%d = OpTypeArray %%t%d %%c2\n", i, i - 1);
    n += (size_t)snprintf(text + n, cap - n, "%%p = OpTypePointer Private %%t4999\n%%v = OpVariable %%p Private\n");
    result r = deserialize_text(text);
    CHECK(r.res == SPVK_OK);
    result_free(&r);
    n = (size_t)snprintf(text, cap, "OpCapability Shader\nOpMemoryModel Logical GLSL450\n"
                                    "%%uint = OpTypeInt 32 0\n%%c2 = OpConstant %%uint 2\n");
    for (int i = 0; i < 5000; i++)
        n += (size_t)snprintf(text + n, cap - n, "%%t%d = OpTypeArray %%t%d %%c2\n", i, i + 1);
    n += (size_t)snprintf(text + n, cap - n, "%%t5000 = OpTypeVector %%uint 2\n");
    expect_error("deep types", text, "deep");
    free(text);
}

static void test_hostile_bound(void)
{
    static const char text[] = "OpCapability Shader\nOpMemoryModel Logical GLSL450\n%void = OpTypeVoid\n"
                               "%fn = OpTypeFunction %void\n%f = OpFunction %void None %fn\n%l = OpLabel\n"
                               "OpReturn\nOpFunctionEnd\n";
    size_t count;
    uint32_t *w = assemble(text, &count);
    CHECK(w != NULL);
    if (!w)
        return;
    /* A bound far beyond the module's size: the id table follows the definitions instead. */
    w[3] = 0xfffffff0u;
    result r = deserialize_words(w, count);
    CHECK(r.res == SPVK_OK);
    CHECK(has(&r, "spirv.func"));
    result_free(&r);
    free(w);
}

/* Decoration groups and many decorations on one id (issue 30): a group applied to itself once
   looped forever, a group as a target is refused, a group's decorations still reach each of its
   targets, and 200,000 decorations on one id take linear time (appending each to its
   list's tail made that quadratic: 20,000 took 1.2 s, 200,000 minutes). */
static void test_hostile_decorations(void)
{
    expect_error("group decorating itself",
                 "OpCapability Shader\nOpCapability Linkage\nOpMemoryModel Logical GLSL450\n"
                 "OpDecorate %g Restrict\n%g = OpDecorationGroup\nOpGroupDecorate %g %g\n",
                 "word 17 (OpGroupDecorate): target %1 is an OpDecorationGroup");
    expect_error("group decorating another group",
                 "OpCapability Shader\nOpCapability Linkage\nOpMemoryModel Logical GLSL450\n"
                 "OpDecorate %g Restrict\n%g = OpDecorationGroup\n%h = OpDecorationGroup\n"
                 "OpGroupMemberDecorate %g %h 0\n",
                 "(OpGroupMemberDecorate): target %2 is an OpDecorationGroup");
    result r = shader("OpDecorate %x RelaxedPrecision\nOpDecorate %g Restrict\nOpDecorate %g Aliased\n"
                      "%g = OpDecorationGroup\nOpGroupDecorate %g %x %y\n"
                      "%uint = OpTypeInt 32 0\n%p = OpTypePointer Private %uint\n"
                      "%x = OpVariable %p Private\n%y = OpVariable %p Private\n");
    CHECK(r.res == SPVK_OK);
    CHECK(has(&r, "@spirv_var_2 {aliased, relaxed_precision, restrict}"));
    CHECK(has(&r, "@spirv_var_4 {aliased, restrict}"));
    result_free(&r);

    size_t cap = 64u << 20, n;
    char *text = malloc(cap);
    n = (size_t)snprintf(text, cap, "OpCapability Shader\nOpCapability Linkage\nOpMemoryModel Logical GLSL450\n");
    for (int i = 0; i < 200000; i++)
        n += (size_t)snprintf(text + n, cap - n, "OpDecorate %%v RelaxedPrecision\n");
    snprintf(text + n, cap - n, "%%f = OpTypeFloat 32\n%%p = OpTypePointer Private %%f\n%%v = OpVariable %%p Private\n");
    expect_error("200,000 decorations on one id", text, "too many decorations on %1");
    free(text);
}

/* ---- Out of memory at each allocation ---- */

typedef struct fail_alloc {
    long remaining;
    size_t live;
} fail_alloc;

static void *failing_realloc(void *user, void *ptr, size_t old_size, size_t new_size)
{
    fail_alloc *f = user;
    if (new_size == 0) {
        if (ptr)
            f->live--;
        free(ptr);
        return NULL;
    }
    if (f->remaining-- <= 0)
        return NULL;
    void *p = realloc(ptr, new_size);
    if (p && !ptr)
        f->live++;
    (void)old_size;
    return p;
}

static void test_out_of_memory(void)
{
    size_t count;
    char *text = cat(header_shader, cf_prelude);
    char *full = cat(text, "%f = OpFunction %uint None %fnb\n%p = OpFunctionParameter %bool\n%q = OpFunctionParameter %uint\n"
                           "%e = OpLabel\nOpBranch %h\n%h = OpLabel\n%i = OpPhi %uint %c0 %e %next %c\n"
                           "OpLoopMerge %m %c None\nOpBranch %b\n%b = OpLabel\nOpSelectionMerge %c None\n"
                           "OpBranchConditional %p %m %c\n%c = OpLabel\n%next = OpIAdd %uint %i %c1\nOpBranch %h\n"
                           "%m = OpLabel\nOpReturnValue %i\nOpFunctionEnd\n");
    uint32_t *w = assemble(full, &count);
    free(text);
    free(full);
    CHECK(w != NULL);
    if (!w)
        return;
    bool succeeded = false;
    for (long n = 0; n < 100000 && !succeeded; n++) {
        fail_alloc fa = {n, 0};
        spvk_allocator a = {failing_realloc, &fa};
        spvk_ir_context *ctx = spvk_ir_context_create(&a);
        if (!ctx)
            continue;
        spvk_diagnostics diags;
        spvk_diagnostics_init(&diags, NULL);
        spvk_ir_op *m = NULL;
        spvk_result r = spvk_ir_register_all_dialects(ctx) ? spvk_spirv_deserialize(ctx, w, count, &m, &diags)
                                                            : SPVK_ERROR_OUT_OF_MEMORY;
        if (r == SPVK_OK) {
            succeeded = true;
            if (getenv("SPVK_TEST_VERBOSE"))
                fprintf(stderr, "out-of-memory: succeeded after %ld allocations\n", n);
            CHECK(m != NULL);
        } else {
            CHECK(r == SPVK_ERROR_OUT_OF_MEMORY);
            CHECK(m == NULL);
        }
        spvk_diagnostics_free(&diags);
        spvk_ir_context_destroy(ctx);
        CHECK(fa.live == 0);
    }
    CHECK(succeeded);
    free(w);
}

/* ---- One function at a time (spvk_spirv_deserializer) ---- */

static bool write_to_string(void *user, const char *text, size_t length)
{
    char **s = user;
    size_t old = *s ? strlen(*s) : 0;
    char *n = realloc(*s, old + length + 1);
    if (!n)
        return false;
    memcpy(n + old, text, length);
    n[old + length] = 0;
    *s = n;
    return true;
}

/* A module of n functions, function `bad` (if below n) using a function as a value (which the
   deserializer refuses) or, with bad_type, adding an integer to a float (which it translates and
   the verifier refuses). */
static uint32_t *many_functions(unsigned n, unsigned bad, bool bad_type, size_t *count)
{
    size_t cap = 256 + (size_t)n * 160, len = 0;
    char *text = malloc(cap);
    if (!text)
        return NULL;
    len += (size_t)snprintf(text + len, cap - len, "%s%%void = OpTypeVoid\n%%uint = OpTypeInt 32 0\n"
                            "%%c1 = OpConstant %%uint 1\n%%fn = OpTypeFunction %%void\n%%float = OpTypeFloat 32\n"
                            "%%cf = OpConstant %%float 1\n", header_shader);
    for (unsigned k = 0; k < n; k++) {
        len += (size_t)snprintf(text + len, cap - len, "%%f%u = OpFunction %%void None %%fn\n%%l%u = OpLabel\n", k, k);
        if (k == bad && bad_type)
            len += (size_t)snprintf(text + len, cap - len, "%%x%u = OpIAdd %%uint %%c1 %%cf\n", k);
        else if (k == bad)
            len += (size_t)snprintf(text + len, cap - len, "%%x%u = OpCopyObject %%void %%f0\n", k);
        else
            len += (size_t)snprintf(text + len, cap - len, "%%x%u = OpIAdd %%uint %%c1 %%c1\n", k);
        len += (size_t)snprintf(text + len, cap - len, "OpReturn\nOpFunctionEnd\n");
    }
    uint32_t *w = assemble(text, count);
    free(text);
    return w;
}

/* Streams the module's text with `threads` printing and `builders` building (1: the calling
   thread builds, the printer's threads verify and print); *diag gets the first diagnostic (or
   NULL). */
static spvk_result stream_with_allocator(const uint32_t *w, size_t count, unsigned threads, unsigned builders,
                                         const spvk_allocator *alloc, char **text, char **diag)
{
    spvk_ir_context *ctx = spvk_ir_context_create(alloc);
    *text = *diag = NULL;
    if (!ctx)
        return SPVK_ERROR_OUT_OF_MEMORY;
    if (!spvk_ir_register_all_dialects(ctx)) {
        spvk_ir_context_destroy(ctx);
        return SPVK_ERROR_OUT_OF_MEMORY;
    }
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    spvk_spirv_deserializer *des = NULL;
    spvk_ir_op *module = NULL;
    spvk_result r = spvk_spirv_deserializer_create(ctx, w, count, &diags, &des, &module);
    spvk_ir_verifier *verifier = NULL; /* destroyed after des, whose workers share it */
    if (r == SPVK_OK) {
        verifier = spvk_ir_verifier_create(ctx, &diags);
        if (!verifier)
            r = SPVK_ERROR_OUT_OF_MEMORY;
        spvk_ir_print_options po = {.assume_verified = true, .threads = threads, .workers = spvk_ir_parallel_print_workers()};
        if (verifier) {
            spvk_spirv_deserializer_stream(des, verifier, &po.stream);
            spvk_spirv_deserializer_set_threads(des, builders);
            r = spvk_ir_print_to(ctx, module, &po, write_to_string, text);
            if (r == SPVK_OK)
                r = spvk_spirv_deserializer_finish(des);
        }
    }
    if (diags.count) {
        char *f = spvk_diagnostic_format(&diags.items[0], NULL);
        char n[32];
        snprintf(n, sizeof n, " (%zu diagnostics)", diags.count);
        *diag = f ? malloc(strlen(f) + sizeof n) : NULL;
        if (*diag) {
            strcpy(*diag, f);
            strcat(*diag, n);
        }
        spvk_free(NULL, f, f ? strlen(f) + 1 : 0);
    }
    spvk_diagnostics_free(&diags);
    spvk_spirv_deserializer_destroy(des);
    spvk_ir_verifier_destroy(verifier);
    spvk_ir_context_destroy(ctx);
    return r;
}

static spvk_result stream_with_threads(const uint32_t *w, size_t count, unsigned threads, unsigned builders,
                                       char **text, char **diag)
{
    return stream_with_allocator(w, count, threads, builders, NULL, text, diag);
}

/* Out of memory anywhere while workers build and print (spvkit translate's way): one thread's
   text or SPVK_ERROR_OUT_OF_MEMORY, nothing leaked. The threads share the allocator's count, so
   which allocation fails varies from run to run. */
typedef struct locked_fail_alloc {
    pthread_mutex_t lock;
    fail_alloc fa;
    long made;
} locked_fail_alloc;

static void *locked_failing_realloc(void *user, void *ptr, size_t old_size, size_t new_size)
{
    locked_fail_alloc *l = user;
    pthread_mutex_lock(&l->lock);
    if (new_size)
        l->made++;
    void *p = failing_realloc(&l->fa, ptr, old_size, new_size);
    pthread_mutex_unlock(&l->lock);
    return p;
}

/* Copies for the workers are made ahead from set_threads on: a deserializer destroyed (or
   finished) before any function is built joins and frees them. */
static void test_threads_set_then_unused(void)
{
    size_t count = 0;
    uint32_t *w = many_functions(50, 50, false, &count);
    CHECK(w != NULL);
    for (int finish = 0; w && finish < 2; finish++) {
        spvk_ir_context *ctx = spvk_ir_context_create(NULL);
        CHECK(ctx && spvk_ir_register_all_dialects(ctx));
        spvk_spirv_deserializer *des = NULL;
        spvk_ir_op *module = NULL;
        CHECK(spvk_spirv_deserializer_create(ctx, w, count, NULL, &des, &module) == SPVK_OK);
        spvk_spirv_deserializer_set_threads(des, 4);
        spvk_spirv_deserializer_set_threads(des, 8); /* the copies of the first call are under way */
        if (finish)
            CHECK(spvk_spirv_deserializer_finish(des) == SPVK_OK);
        spvk_spirv_deserializer_destroy(des);
        spvk_ir_context_destroy(ctx);
    }
    free(w);
}

static void test_streaming_threads_out_of_memory(void)
{
    size_t count = 0;
    uint32_t *w = many_functions(400, 400, false, &count);
    CHECK(w != NULL);
    if (!w)
        return;
    char *expected = NULL, *diag = NULL;
    CHECK(stream_with_threads(w, count, 1, 1, &expected, &diag) == SPVK_OK);
    free(diag);
    bool done = false;
    long n;
    for (n = 0; n < 400000 && !done && expected; n++) {
        locked_fail_alloc l = {.fa = {n, 0}};
        pthread_mutex_init(&l.lock, NULL);
        spvk_allocator a = {locked_failing_realloc, &l};
        char *text = NULL;
        spvk_result r = stream_with_allocator(w, count, 2, 2, &a, &text, &diag);
        if (r == SPVK_OK) {
            CHECK(text && strcmp(text, expected) == 0);
            done = l.made <= n; /* nothing failed */
        } else if (r != SPVK_ERROR_OUT_OF_MEMORY) {
            failures++;
            fprintf(stderr, "out of memory at allocation %ld (2 threads): result %d, %s\n", n, (int)r, diag ? diag : "");
        }
        free(text);
        free(diag);
        pthread_mutex_destroy(&l.lock);
        if (l.fa.live != 0) {
            failures++;
            fprintf(stderr, "out of memory at allocation %ld (2 threads): %zu blocks leaked\n", n, l.fa.live);
            break;
        }
    }
    CHECK(done);
    printf("out-of-memory loop, 2 threads: %ld allocation points\n", n);
    free(expected);
    free(w);
}

/* Functions built, or verified and printed, by worker threads: the text, and the first
   failure's diagnostic, are those of one thread, whichever function fails and whether the
   deserializer or the verifier refuses it. */
static void test_streaming_threads(void)
{
    const unsigned n = 300, bads[] = {0, 1, 150, 299, 300 /* none */};
    for (int bad_type = 0; bad_type < 2; bad_type++)
        for (size_t b = 0; b < sizeof bads / sizeof *bads; b++) {
            unsigned bad = bads[b];
            size_t count = 0;
            uint32_t *w = many_functions(n, bad, bad_type, &count);
            CHECK(w != NULL);
            if (!w)
                continue;
            char *text1, *diag1;
            spvk_result r1 = stream_with_threads(w, count, 1, 1, &text1, &diag1);
            const char *why = bad_type ? "must be a scalar or vector of integer type" : "used as a value";
            CHECK(bad < n ? r1 == SPVK_ERROR_INVALID && diag1 && strstr(diag1, why) : r1 == SPVK_OK);
            for (unsigned threads = 2; threads <= 4; threads++)
                for (unsigned builders = 1; builders <= threads; builders += threads - 1) {
                    char *text, *diag;
                    spvk_result r = stream_with_threads(w, count, threads, builders, &text, &diag);
                    CHECK(r == r1);
                    CHECK((!diag && !diag1) || (diag && diag1 && strcmp(diag, diag1) == 0));
                    /* The text up to the failure is the same. */
                    CHECK((!text && !text1) || (text && text1 && strcmp(text, text1) == 0));
                    free(text);
                    free(diag);
                }
            free(text1);
            free(diag1);
            free(w);
        }
}

/* The printer's threads take the verification over for one print only: printing again on one
   thread with the same hooks verifies in child_begin again (the verifier's failure is not
   printed as if valid). */
static void test_verification_given_back(void)
{
    size_t count = 0;
    uint32_t *w = many_functions(40, 30, true, &count);
    CHECK(w != NULL);
    if (!w)
        return;
    spvk_ir_context *ctx = spvk_ir_context_create(NULL);
    spvk_ir_register_all_dialects(ctx);
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    spvk_spirv_deserializer *des = NULL;
    spvk_ir_op *module = NULL;
    CHECK(spvk_spirv_deserializer_create(ctx, w, count, &diags, &des, &module) == SPVK_OK);
    spvk_ir_verifier *verifier = spvk_ir_verifier_create(ctx, &diags);
    if (module && verifier) {
        spvk_ir_print_options po = {.assume_verified = true, .threads = 2, .workers = spvk_ir_parallel_print_workers()};
        spvk_spirv_deserializer_stream(des, verifier, &po.stream);
        for (unsigned threads = 2; threads >= 1; threads--) {
            po.threads = threads;
            char *text = NULL;
            size_t before = diags.count;
            CHECK(spvk_ir_print_to(ctx, module, &po, write_to_string, &text) == SPVK_ERROR_INVALID);
            CHECK(diags.count == before + 1);
            CHECK(diags.count && strstr(diags.items[diags.count - 1].message, "integer type"));
            free(text);
        }
    }
    spvk_spirv_deserializer_destroy(des);
    spvk_ir_verifier_destroy(verifier);
    spvk_diagnostics_free(&diags);
    spvk_ir_context_destroy(ctx);
    free(w);
}

static void test_streaming(void)
{
    /* Two functions (one calling the other, declared later), a loop with a phi, module-level
       constants used in both, and a decorated local value. */
    char *a, *b, *text;
    size_t count = 0;
    uint32_t *w;
    a = cat(header_shader, "OpDecorate %sum RelaxedPrecision\n");
    b = cat(a, cf_prelude);
    text = cat(b, "%t = OpConstantTrue %bool\n"
                  "%main = OpFunction %void None %fn\n%me = OpLabel\n"
                  "%r = OpFunctionCall %uint %f %t %c10\nOpReturn\nOpFunctionEnd\n"
                  "%f = OpFunction %uint None %fnb\n%p = OpFunctionParameter %bool\n%q = OpFunctionParameter %uint\n"
                  "%e = OpLabel\nOpBranch %h\n"
                  "%h = OpLabel\n%i = OpPhi %uint %c0 %e %next %h\n%next = OpIAdd %uint %i %c1\n"
                  "%lt = OpULessThan %bool %next %q\nOpLoopMerge %m %h None\nOpBranchConditional %lt %h %m\n"
                  "%m = OpLabel\n%sum = OpIAdd %uint %next %c10\nOpReturnValue %sum\nOpFunctionEnd\n");
    free(a);
    free(b);
    w = assemble(text, &count);
    free(text);
    CHECK(w != NULL);
    if (!w)
        return;
    result whole = deserialize_words(w, count);
    CHECK(whole.res == SPVK_OK && whole.text && strstr(whole.text, "relaxed_precision"));

    for (int generic = 0; generic < 2; generic++) {
        spvk_ir_context *ctx = spvk_ir_context_create(NULL);
        spvk_ir_register_all_dialects(ctx);
        spvk_spirv_deserializer *des = NULL;
        spvk_ir_op *module = NULL;
        CHECK(spvk_spirv_deserializer_create(ctx, w, count, NULL, &des, &module) == SPVK_OK);
        if (!module) {
            spvk_ir_context_destroy(ctx);
            continue;
        }
        /* The functions are there, bodies not yet: not declarations either. */
        int funcs = 0;
        for (spvk_ir_op *o = module->regions[0].first->first; o; o = o->next)
            if (strcmp(spvk_ir_op_name(o), "spirv.func") == 0) {
                funcs++;
                CHECK(o->regions[0].unmaterialized && !o->regions[0].first);
                CHECK(!spvk_ir_region_is_empty(&o->regions[0]));
            }
        CHECK(funcs == 2);
        /* Bodies not built are not verified as if empty: whole, the module is refused, naming
           each function; its level alone verifies (the stream verifies each body it builds). */
        spvk_diagnostics vd;
        spvk_diagnostics_init(&vd, NULL);
        CHECK(spvk_ir_verify(ctx, module, &vd) == SPVK_ERROR_INVALID);
        CHECK(vd.count == 2 && strstr(vd.items[0].message, "'spirv.func' op holds a region that is not materialized"));
        spvk_diagnostics_free(&vd);
        spvk_ir_verifier *level = spvk_ir_verifier_create(ctx, NULL);
        CHECK(level && spvk_ir_verifier_run_streamed(level, module) == SPVK_OK);
        spvk_ir_verifier_destroy(level);
        /* Streamed printing gives the whole module's text, twice over (bodies freed and built
           again), and memory does not grow the second time; then the same with a thread that
           prints each function while the next is built (custom form). */
        size_t memory = 0;
        for (int round = 0; round < 6; round++) {
            spvk_ir_print_options po = {.generic = generic != 0, .assume_verified = true};
            po.threads = round < 2 ? 1 : round < 4 ? 2 : 3;
            po.workers = spvk_ir_parallel_print_workers();
            spvk_ir_verifier *verifier = spvk_ir_verifier_create(ctx, NULL);
            spvk_spirv_deserializer_stream(des, verifier, &po.stream);
            /* Rounds 3 and 5: the deserializer builds on threads too (and they print). */
            spvk_spirv_deserializer_set_threads(des, round == 3 || round == 5 ? po.threads : 1);
            char *streamed = NULL;
            CHECK(spvk_ir_print_to(ctx, module, &po, write_to_string, &streamed) == SPVK_OK);
            CHECK(streamed && strcmp(streamed, generic ? whole.generic : whole.text) == 0);
            /* One thread: memory is flat. (Worker threads' heaps are handed to the context when
               they stop, so threaded rounds keep what their workers used.) */
            if (round == 0)
                memory = spvk_ir_context_memory(ctx);
            else if (round < 3)
                CHECK(spvk_ir_context_memory(ctx) == memory);
            for (spvk_ir_op *o = module->regions[0].first->first; o; o = o->next)
                if (strcmp(spvk_ir_op_name(o), "spirv.func") == 0)
                    CHECK(o->regions[0].unmaterialized && !o->regions[0].first);
            free(streamed);
            spvk_ir_verifier_destroy(verifier);
        }
        CHECK(spvk_spirv_deserializer_finish(des) == SPVK_OK);
        /* Any order: the callee first, then the caller. */
        spvk_ir_op *main_fn = module->regions[0].first->first;
        while (main_fn && strcmp(spvk_ir_op_name(main_fn), "spirv.func") != 0)
            main_fn = main_fn->next;
        spvk_ir_op *f_fn = main_fn ? main_fn->next : NULL;
        CHECK(f_fn && strcmp(spvk_ir_op_name(f_fn), "spirv.func") == 0);
        if (f_fn) {
            CHECK(spvk_spirv_deserializer_materialize(des, f_fn) == SPVK_OK);
            CHECK(spvk_spirv_deserializer_materialize(des, main_fn) == SPVK_OK);
            CHECK(spvk_ir_verify(ctx, module, NULL) == SPVK_OK);
            spvk_ir_print_options po = {.generic = generic != 0};
            char *again = spvk_ir_print(ctx, module, &po);
            CHECK(again && strcmp(again, generic ? whole.generic : whole.text) == 0);
            free(again);
        }
        spvk_spirv_deserializer_destroy(des);
        spvk_ir_context_destroy(ctx);
    }
    result_free(&whole);

    /* A first instruction with no operands (found by fuzzing: a copy from an empty array). */
    result nop = deserialize_text("OpNop\nOpCapability Shader\nOpMemoryModel Logical GLSL450\n");
    CHECK(nop.res == SPVK_OK);
    result_free(&nop);

    /* A module ending inside a function's parameters: the error names the OpFunction (no read
       past the words). */
    result open_fn = cf("%f = OpFunction %uint None %fnb\n%p = OpFunctionParameter %bool\n"
                        "%q = OpFunctionParameter %uint\n");
    CHECK(open_fn.res == SPVK_ERROR_INVALID && open_fn.error && strstr(open_fn.error, "OpFunction") &&
          strstr(open_fn.error, "without OpFunctionEnd"));
    result_free(&open_fn);

    /* An error inside a body is found when that body is materialized (or by finish). */
    a = cat(header_shader, cf_prelude);
    text = cat(a, "%f = OpFunction %void None %fn\n%e = OpLabel\n%x = OpIAdd %uint %c0 %undefined\n"
                  "OpReturn\nOpFunctionEnd\n");
    free(a);
    uint32_t *bad = assemble(text, &count);
    free(text);
    CHECK(bad != NULL);
    if (bad) {
        spvk_ir_context *ctx = spvk_ir_context_create(NULL);
        spvk_ir_register_all_dialects(ctx);
        spvk_diagnostics diags;
        spvk_diagnostics_init(&diags, NULL);
        spvk_spirv_deserializer *des = NULL;
        spvk_ir_op *module = NULL;
        CHECK(spvk_spirv_deserializer_create(ctx, bad, count, &diags, &des, &module) == SPVK_OK);
        CHECK(diags.count == 0);
        CHECK(spvk_spirv_deserializer_finish(des) == SPVK_ERROR_INVALID);
        CHECK(diags.count == 1);
        CHECK(spvk_spirv_deserializer_finish(des) == SPVK_ERROR_INVALID); /* and again */
        spvk_spirv_deserializer_destroy(des);
        spvk_diagnostics_free(&diags);
        spvk_ir_context_destroy(ctx);
        free(bad);
    }
    free(w);
}

int main(void)
{
    test_module_level();
    test_types();
    test_constants();
    test_spec_constants();
    test_selection();
    test_loops();
    test_spec_sized_types();
    test_switch_and_calls();
    test_opencl();
    test_instruction_constructs();
    test_errors();
    test_hostile_bound();
    test_hostile_decorations();
    test_out_of_memory();
    test_streaming_threads_out_of_memory();
    test_threads_set_then_unused();
    test_streaming();
    test_streaming_threads();
    test_verification_given_back();
    printf("test_deserialize: %d checks, %d failures\n", checks, failures);
    return failures ? 1 : 0;
}
