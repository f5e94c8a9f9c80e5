/* Unit tests of spvk_entry_interface_read: what `spvkit run` learns from a module, and the
   option checks of spvk_run that need no device (they fail before any device is touched). */
#include "spvkit/spvkit.h"
#include "test.h"

static uint32_t *assemble(const char *text, size_t *count)
{
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    uint32_t *words = NULL;
    spvk_result r = spvk_assemble(text, strlen(text), NULL, NULL, &words, count, &d);
    if (r != SPVK_OK)
        for (size_t i = 0; i < d.count; i++)
            fprintf(stderr, "%u:%u: %s\n", d.items[i].line, d.items[i].column, d.items[i].message);
    spvk_diagnostics_free(&d);
    return words;
}

static const char shader[] =
    "OpCapability Shader\n"
    "OpCapability Int16\n"
    "OpCapability StorageBuffer16BitAccess\n"
    "OpExtension \"SPV_KHR_16bit_storage\"\n"
    "OpMemoryModel Logical GLSL450\n"
    "OpEntryPoint GLCompute %main \"main\" %gid %in %out %push\n"
    "OpExecutionMode %main LocalSize 64 2 1\n"
    "OpName %in \"in\"\n"
    "OpName %Out \"Out\"\n"
    "OpName %scale \"scale\"\n"
    "OpDecorate %gid BuiltIn GlobalInvocationId\n"
    "OpDecorate %rt16 ArrayStride 2\n"
    "OpMemberDecorate %In 0 Offset 0\n"
    "OpDecorate %In Block\n"
    "OpMemberDecorate %In 0 NonWritable\n"
    "OpDecorate %in DescriptorSet 0\n"
    "OpDecorate %in Binding 1\n"
    "OpDecorate %rt32 ArrayStride 16\n"
    "OpMemberDecorate %Out 0 Offset 0\n"
    "OpMemberDecorate %Out 1 Offset 16\n"
    "OpDecorate %Out Block\n"
    "OpDecorate %out DescriptorSet 1\n"
    "OpDecorate %out Binding 0\n"
    "OpMemberDecorate %Push 0 Offset 0\n"
    "OpMemberDecorate %Push 1 Offset 4\n"
    "OpDecorate %Push Block\n"
    "OpDecorate %scale SpecId 7\n"
    "OpDecorate %flag SpecId 3\n"
    "OpDecorate %count SpecId 0\n"
    "%void = OpTypeVoid\n"
    "%fn = OpTypeFunction %void\n"
    "%u16 = OpTypeInt 16 0\n"
    "%u32 = OpTypeInt 32 0\n"
    "%i32 = OpTypeInt 32 1\n"
    "%f32 = OpTypeFloat 32\n"
    "%bool = OpTypeBool\n"
    "%v4f = OpTypeVector %f32 4\n"
    "%v3u = OpTypeVector %u32 3\n"
    "%rt16 = OpTypeRuntimeArray %u16\n"
    "%In = OpTypeStruct %rt16\n"
    "%rt32 = OpTypeRuntimeArray %v4f\n"
    "%Out = OpTypeStruct %f32 %rt32\n"
    "%Push = OpTypeStruct %u32 %f32\n"
    "%pin = OpTypePointer StorageBuffer %In\n"
    "%pout = OpTypePointer StorageBuffer %Out\n"
    "%ppush = OpTypePointer PushConstant %Push\n"
    "%pgid = OpTypePointer Input %v3u\n"
    "%in = OpVariable %pin StorageBuffer\n"
    "%out = OpVariable %pout StorageBuffer\n"
    "%push = OpVariable %ppush PushConstant\n"
    "%gid = OpVariable %pgid Input\n"
    "%scale = OpSpecConstant %f32 1.5\n"
    "%flag = OpSpecConstantTrue %bool\n"
    "%count = OpSpecConstant %i32 -4\n"
    "%main = OpFunction %void None %fn\n"
    "%l = OpLabel\n"
    "OpReturn\n"
    "OpFunctionEnd\n";

static void test_shader_interface(void)
{
    size_t n;
    uint32_t *words = assemble(shader, &n);
    CHECK(words != NULL);
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_entry_interface *e = NULL;
    CHECK(spvk_entry_interface_read(words, n, NULL, NULL, &e, &d) == SPVK_OK);
    if (!e)
        return;
    CHECK(strcmp(e->name, "main") == 0);
    CHECK(e->execution_model == SPVK_EXECUTION_MODEL_GLCompute);
    CHECK(e->local_size_source == SPVK_LOCAL_SIZE_LITERAL);
    CHECK(e->local_size[0] == 64 && e->local_size[1] == 2 && e->local_size[2] == 1);
    CHECK(e->num_resources == 2);
    /* Sorted by set, then binding. */
    const spvk_resource *in = &e->resources[0], *out = &e->resources[1];
    CHECK(in->set == 0 && in->binding == 1 && in->kind == SPVK_RESOURCE_STORAGE_BUFFER);
    CHECK(in->name && strcmp(in->name, "in") == 0);
    CHECK(in->element_width == 16 && !in->element_is_float);
    CHECK(in->array_stride == 2 && in->min_size == 0);
    CHECK(in->read_only);
    CHECK(out->set == 1 && out->binding == 0 && !out->read_only);
    CHECK(out->min_size == 16 && out->array_stride == 16);
    CHECK(out->element_width == 32 && out->element_is_float);
    CHECK(out->name && strcmp(out->name, "Out") == 0); /* the block's name when the variable has none */
    CHECK(spvk_entry_interface_find(e, 1, 0) == out);
    CHECK(spvk_entry_interface_find(e, 0, 0) == NULL);
    CHECK(e->push_constant_size == 8);
    CHECK(e->num_spec_constants == 3);
    for (size_t i = 0; i < e->num_spec_constants; i++) {
        const spvk_spec_constant *k = &e->spec_constants[i];
        if (k->spec_id == 7) {
            CHECK(k->kind == SPVK_SCALAR_FLOAT && k->width == 32 && k->default_bits == 0x3fc00000u);
            CHECK(k->name && strcmp(k->name, "scale") == 0);
        } else if (k->spec_id == 3) {
            CHECK(k->kind == SPVK_SCALAR_BOOL && k->default_bits == 1);
        } else {
            CHECK(k->spec_id == 0 && k->kind == SPVK_SCALAR_INT && k->is_signed);
            CHECK((uint32_t)k->default_bits == (uint32_t)-4);
        }
    }
    CHECK(e->num_capabilities == 3 && e->capabilities[2] == SPVK_CAPABILITY_StorageBuffer16BitAccess);
    CHECK(e->num_extensions == 1 && strcmp(e->extensions[0], "SPV_KHR_16bit_storage") == 0);
    CHECK(e->uses_workgroup_id && !e->uses_num_workgroups);
    spvk_entry_interface_free(e, NULL);

    /* Every allocation failure is a clean error without leaks. */
    int clean = 1;
    for (long fail = 0; fail < 400; fail++) {
        test_allocator_state st = {0, fail, 0, 0};
        spvk_allocator a = {test_realloc, &st};
        spvk_diagnostics dd;
        spvk_diagnostics_init(&dd, NULL);
        spvk_entry_interface *x = NULL;
        spvk_result r = spvk_entry_interface_read(words, n, NULL, &a, &x, &dd);
        if (r == SPVK_OK)
            spvk_entry_interface_free(x, &a);
        else if (r != SPVK_ERROR_OUT_OF_MEMORY)
            clean = 0;
        if (st.live_bytes != 0)
            clean = 0;
        spvk_diagnostics_free(&dd);
        if (r == SPVK_OK)
            break;
    }
    CHECK(clean);

    /* Option checks: all problems at once, before any device. */
    spvk_typed_buffer wide, small;
    spvk_diagnostics_init(&d, NULL);
    CHECK(spvk_typed_buffer_from_source("f64:1,2", NULL, &wide, &d) == SPVK_OK);
    CHECK(spvk_typed_buffer_from_source("f32:1", NULL, &small, &d) == SPVK_OK);
    spvk_run_buffer buffers[] = {{0, 1, &wide}, {1, 0, &small}, {2, 2, &small}};
    spvk_spec_value spec[] = {{7, "2.5"}, {3, "maybe"}, {9, "1"}};
    spvk_run_options o = {0};
    o.api = SPVK_API_VULKAN;
    o.buffers = buffers;
    o.num_buffers = 3;
    o.spec_values = spec;
    o.num_spec_values = 3;
    o.local[0] = 32;
    o.local[1] = o.local[2] = 1;
    o.has_local = true;
    spvk_run_report report;
    CHECK(spvk_run(words, n, &o, NULL, &report, &d) == SPVK_ERROR_USAGE);
    char all[4096] = "";
    for (size_t i = 0; i < d.count; i++) {
        strncat(all, d.items[i].message, sizeof(all) - strlen(all) - 2);
        strcat(all, "\n");
    }
    CHECK_STR_CONTAINS(all, "binding 0.1 (storage buffer 'in' of 16-bit integers) cannot hold f64 elements");
    CHECK_STR_CONTAINS(all, "binding 1.0 (storage buffer 'Out' of 32-bit floats) needs at least 32 bytes; the buffer has 4");
    CHECK_STR_CONTAINS(all, "--buffer 2.2: entry point 'main' has no binding 2.2");
    CHECK_STR_CONTAINS(all, "has a push-constant block of 8 bytes");
    CHECK_STR_CONTAINS(all, "--spec-constant 3=maybe: expected true or false");
    CHECK_STR_CONTAINS(all, "no specialization constant with SpecId 9 (it has: ");
    CHECK_STR_CONTAINS(all, "--local 32,1,1 contradicts the module's workgroup size 64,2,1");
    o.api = SPVK_API_OPENCL;
    spvk_diagnostics_free(&d);
    spvk_diagnostics_init(&d, NULL);
    CHECK(spvk_run(words, n, &o, NULL, &report, &d) == SPVK_ERROR_USAGE);
    CHECK(d.count == 1 && strstr(d.items[0].message, "run it with --api vulkan"));
    spvk_typed_buffer_free(&wide, NULL);
    spvk_typed_buffer_free(&small, NULL);
    spvk_diagnostics_free(&d);
    spvk_free(NULL, words, n * 4);
}

static void test_kernel_interface(void)
{
    static const char kernel[] =
        "OpCapability Addresses\n"
        "OpCapability Kernel\n"
        "OpCapability Int64\n"
        "OpMemoryModel Physical64 OpenCL\n"
        "OpEntryPoint Kernel %k \"sum\" %wgid\n"
        "OpDecorate %wgid BuiltIn WorkgroupId\n"
        "OpDecorate %src FuncParamAttr NoWrite\n"
        "%void = OpTypeVoid\n"
        "%u32 = OpTypeInt 32 0\n"
        "%u64 = OpTypeInt 64 0\n"
        "%f32 = OpTypeFloat 32\n"
        "%v3 = OpTypeVector %u64 3\n"
        "%pg = OpTypePointer CrossWorkgroup %f32\n"
        "%pl = OpTypePointer Workgroup %f32\n"
        "%pc = OpTypePointer UniformConstant %u32\n"
        "%pin = OpTypePointer Input %v3\n"
        "%wgid = OpVariable %pin Input\n"
        "%fn = OpTypeFunction %void %pg %pg %pl %u32 %pc\n"
        "%k = OpFunction %void None %fn\n"
        "%src = OpFunctionParameter %pg\n"
        "%dst = OpFunctionParameter %pg\n"
        "%tmp = OpFunctionParameter %pl\n"
        "%n = OpFunctionParameter %u32\n"
        "%table = OpFunctionParameter %pc\n"
        "%l = OpLabel\n"
        "OpReturn\n"
        "OpFunctionEnd\n";
    size_t n;
    uint32_t *words = assemble(kernel, &n);
    CHECK(words != NULL);
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_entry_interface *e = NULL;
    CHECK(spvk_entry_interface_read(words, n, "sum", NULL, &e, &d) == SPVK_OK);
    if (!e)
        return;
    CHECK(e->execution_model == SPVK_EXECUTION_MODEL_Kernel);
    CHECK(e->local_size_source == SPVK_LOCAL_SIZE_NONE);
    CHECK(e->num_resources == 5);
    CHECK(e->resources[0].kind == SPVK_RESOURCE_GLOBAL_POINTER && e->resources[0].read_only);
    CHECK(e->resources[1].kind == SPVK_RESOURCE_GLOBAL_POINTER && !e->resources[1].read_only);
    CHECK(e->resources[1].binding == 1 && e->resources[1].element_width == 32 && e->resources[1].element_is_float);
    CHECK(e->resources[2].kind == SPVK_RESOURCE_LOCAL_POINTER);
    CHECK(e->resources[3].kind == SPVK_RESOURCE_SCALAR && e->resources[3].min_size == 4);
    CHECK(e->resources[4].kind == SPVK_RESOURCE_CONSTANT_POINTER && e->resources[4].read_only);
    CHECK(e->uses_workgroup_id);
    spvk_entry_interface_free(e, NULL);

    /* A scalar argument takes exactly its size. */
    spvk_typed_buffer f, wrong;
    CHECK(spvk_typed_buffer_from_source("zeros:4:f32", NULL, &f, &d) == SPVK_OK);
    CHECK(spvk_typed_buffer_from_source("u64:3", NULL, &wrong, &d) == SPVK_OK);
    spvk_run_buffer buffers[] = {{0, 0, &f}, {0, 1, &f}, {0, 2, &f}, {0, 3, &wrong}, {0, 4, &f}};
    spvk_run_options o = {0};
    o.api = SPVK_API_OPENCL;
    o.buffers = buffers;
    o.num_buffers = 5;
    spvk_run_report report;
    CHECK(spvk_run(words, n, &o, NULL, &report, &d) == SPVK_ERROR_USAGE);
    CHECK(d.count == 1 && strstr(d.items[0].message, "argument 3 (value of 32-bit integers) takes 4 bytes; the buffer has 8"));
    spvk_typed_buffer_free(&f, NULL);
    spvk_typed_buffer_free(&wrong, NULL);
    spvk_diagnostics_free(&d);

    /* Entry point errors. */
    spvk_diagnostics_init(&d, NULL);
    CHECK(spvk_entry_interface_read(words, n, "nope", NULL, &e, &d) == SPVK_ERROR_USAGE);
    CHECK(d.count == 1 && strstr(d.items[0].message, "no GLCompute or Kernel entry point named 'nope' (it has: 'sum')"));
    spvk_diagnostics_free(&d);
    spvk_free(NULL, words, n * 4);
}

/* Workgroup size from spec constants: LocalSizeId and the WorkgroupSize built-in. */
static void test_spec_local_size(void)
{
    static const char local_size_id[] =
        "OpCapability Shader\n"
        "OpMemoryModel Logical GLSL450\n"
        "OpEntryPoint GLCompute %main \"main\"\n"
        "OpExecutionModeId %main LocalSizeId %x %one %one\n"
        "OpDecorate %x SpecId 5\n"
        "%void = OpTypeVoid\n"
        "%fn = OpTypeFunction %void\n"
        "%u32 = OpTypeInt 32 0\n"
        "%x = OpSpecConstant %u32 32\n"
        "%one = OpConstant %u32 1\n"
        "%main = OpFunction %void None %fn\n"
        "%l = OpLabel\n"
        "OpReturn\n"
        "OpFunctionEnd\n";
    static const char builtin[] =
        "OpCapability Shader\n"
        "OpMemoryModel Logical GLSL450\n"
        "OpEntryPoint GLCompute %main \"main\"\n"
        "OpExecutionMode %main LocalSize 1 1 1\n"
        "OpDecorate %x SpecId 0\n"
        "OpDecorate %y SpecId 1\n"
        "OpDecorate %wg BuiltIn WorkgroupSize\n"
        "%void = OpTypeVoid\n"
        "%fn = OpTypeFunction %void\n"
        "%u32 = OpTypeInt 32 0\n"
        "%v3 = OpTypeVector %u32 3\n"
        "%x = OpSpecConstant %u32 8\n"
        "%y = OpSpecConstant %u32 4\n"
        "%one = OpConstant %u32 1\n"
        "%wg = OpSpecConstantComposite %v3 %x %y %one\n"
        "%main = OpFunction %void None %fn\n"
        "%l = OpLabel\n"
        "OpReturn\n"
        "OpFunctionEnd\n";
    size_t n;
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_entry_interface *e = NULL;
    uint32_t *words = assemble(local_size_id, &n);
    CHECK(words && spvk_entry_interface_read(words, n, NULL, NULL, &e, &d) == SPVK_OK);
    if (e) {
        CHECK(e->local_size_source == SPVK_LOCAL_SIZE_ID);
        CHECK(e->local_size[0] == 32 && e->local_size[1] == 1);
        CHECK(e->local_size_spec_id[0] == 5 && e->local_size_spec_id[1] == SPVK_NO_SPEC_ID);
        spvk_entry_interface_free(e, NULL);
    }
    spvk_free(NULL, words, n * 4);
    words = assemble(builtin, &n);
    CHECK(words && spvk_entry_interface_read(words, n, NULL, NULL, &e, &d) == SPVK_OK);
    if (e) {
        CHECK(e->local_size_source == SPVK_LOCAL_SIZE_BUILTIN);
        CHECK(e->local_size[0] == 8 && e->local_size[1] == 4 && e->local_size[2] == 1);
        CHECK(e->local_size_spec_id[0] == 0 && e->local_size_spec_id[1] == 1 &&
              e->local_size_spec_id[2] == SPVK_NO_SPEC_ID);
        spvk_entry_interface_free(e, NULL);
    }
    /* --local sets the spec-constant dimensions but may not change the fixed one. */
    spvk_run_options o = {0};
    o.api = SPVK_API_VULKAN;
    o.local[0] = 16;
    o.local[1] = 2;
    o.local[2] = 3;
    o.has_local = true;
    spvk_run_report report;
    CHECK(spvk_run(words, n, &o, NULL, &report, &d) == SPVK_ERROR_USAGE);
    CHECK(d.count == 1 && strstr(d.items[0].message, "--local 16,2,3 contradicts the module's workgroup size 8,4,1"));
    spvk_diagnostics_free(&d);
    spvk_free(NULL, words, n * 4);
}

/* Two constants with one SpecId (glslang's `constant_id = 0` beside `local_size_x_id = 0`) are one
   specialization constant; of different types they are an error. */
static void test_shared_spec_id(void)
{
    static const char shared[] =
        "OpCapability Shader\n"
        "OpMemoryModel Logical GLSL450\n"
        "OpEntryPoint GLCompute %main \"main\"\n"
        "OpExecutionMode %main LocalSize 1 1 1\n"
        "OpDecorate %tile SpecId 0\n"
        "OpDecorate %x SpecId 0\n"
        "OpDecorate %wg BuiltIn WorkgroupSize\n"
        "%void = OpTypeVoid\n"
        "%fn = OpTypeFunction %void\n"
        "%u32 = OpTypeInt 32 0\n"
        "%TYPE = OpTypeInt 32 0\n"
        "%v3 = OpTypeVector %u32 3\n"
        "%tile = OpSpecConstant %TYPE 16\n"
        "%x = OpSpecConstant %u32 16\n"
        "%one = OpConstant %u32 1\n"
        "%wg = OpSpecConstantComposite %v3 %x %x %one\n"
        "%main = OpFunction %void None %fn\n"
        "%l = OpLabel\n"
        "OpReturn\n"
        "OpFunctionEnd\n";
    size_t n;
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_entry_interface *e = NULL;
    uint32_t *words = assemble(shared, &n);
    CHECK(words && spvk_entry_interface_read(words, n, NULL, NULL, &e, &d) == SPVK_OK);
    if (e) {
        CHECK(e->num_spec_constants == 1 && e->spec_constants[0].spec_id == 0);
        CHECK(e->local_size[0] == 16 && e->local_size_spec_id[0] == 0);
        spvk_entry_interface_free(e, NULL);
    }
    spvk_free(NULL, words, n * 4);
    /* The same SpecId on a float and an integer. */
    char clash[sizeof shared + 64];
    const char *t = strstr(shared, "%TYPE = OpTypeInt 32 0\n");
    CHECK(t != NULL);
    if (!t)
        return;
    snprintf(clash, sizeof clash, "%.*s%%TYPE = OpTypeFloat 32\n%s", (int)(t - shared), shared,
             t + strlen("%TYPE = OpTypeInt 32 0\n"));
    CHECK(strstr(clash, "OpTypeFloat 32\n%v3") != NULL);
    words = assemble(clash, &n);
    CHECK(words && spvk_entry_interface_read(words, n, NULL, NULL, &e, &d) == SPVK_ERROR_INVALID);
    CHECK(d.count >= 1 && strstr(d.items[d.count - 1].message, "SpecId 0 is given to two constants of different types"));
    spvk_diagnostics_free(&d);
    spvk_free(NULL, words, n * 4);
}

static void test_bad_modules(void)
{
    static const char two_entries[] =
        "OpCapability Shader\n"
        "OpMemoryModel Logical GLSL450\n"
        "OpEntryPoint GLCompute %a \"a\"\n"
        "OpEntryPoint GLCompute %b \"b\" %v\n"
        "OpExecutionMode %a LocalSize 1 1 1\n"
        "OpExecutionMode %b LocalSize 1 1 1\n"
        "%void = OpTypeVoid\n"
        "%fn = OpTypeFunction %void\n"
        "%f = OpTypeFloat 32\n"
        "%rt = OpTypeRuntimeArray %f\n"
        "%S = OpTypeStruct %rt\n"
        "%p = OpTypePointer StorageBuffer %S\n"
        "%v = OpVariable %p StorageBuffer\n"
        "%a = OpFunction %void None %fn\n"
        "%la = OpLabel\n"
        "OpReturn\n"
        "OpFunctionEnd\n"
        "%b = OpFunction %void None %fn\n"
        "%lb = OpLabel\n"
        "OpReturn\n"
        "OpFunctionEnd\n";
    size_t n;
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_entry_interface *e = NULL;
    uint32_t *words = assemble(two_entries, &n);
    CHECK(spvk_entry_interface_read(words, n, NULL, NULL, &e, &d) == SPVK_ERROR_USAGE);
    CHECK(d.count == 1 && strstr(d.items[0].message, "several compute entry points ('a', 'b'): choose one with --entry"));
    spvk_diagnostics_free(&d);
    spvk_diagnostics_init(&d, NULL);
    CHECK(spvk_entry_interface_read(words, n, "b", NULL, &e, &d) == SPVK_ERROR_INVALID);
    CHECK(d.count == 1 && strstr(d.items[0].message, "has no DescriptorSet and Binding"));
    CHECK(d.count == 1 && d.items[0].word_offset != SPVK_NO_OFFSET && d.items[0].opcode == SPVK_OP_Variable);
    spvk_diagnostics_free(&d);
    /* A truncated module is the reader's error. */
    spvk_diagnostics_init(&d, NULL);
    CHECK(spvk_entry_interface_read(words, n - 3, NULL, NULL, &e, &d) == SPVK_ERROR_INVALID && d.count >= 1);
    spvk_diagnostics_free(&d);
    spvk_free(NULL, words, n * 4);
}

int main(void)
{
    test_shader_interface();
    test_kernel_interface();
    test_spec_local_size();
    test_shared_spec_id();
    test_bad_modules();
    TEST_SUMMARY();
}
