// c = a + b on bfloat16 data stored as 16-bit integers (the emulation a device without
// VK_KHR_shader_bfloat16 needs): widen each bf16 to f32 exactly (a shift), add in f32, narrow
// back rounding to nearest even. NaNs stay NaN (quieted).
// examples/bf16_add.spvasm is this file compiled with
//   glslangValidator -V --target-env vulkan1.1 bf16_add.comp -o bf16_add.spv && spvkit dis bf16_add.spv
#version 450
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require

layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer A { uint16_t a[]; };
layout(set = 0, binding = 1) readonly buffer B { uint16_t b[]; };
layout(set = 0, binding = 2) writeonly buffer C { uint16_t c[]; };
layout(push_constant) uniform Count { uint n; };

float bf16_to_f32(uint16_t x)
{
    return uintBitsToFloat(uint(x) << 16);
}

uint16_t f32_to_bf16(float f)
{
    uint u = floatBitsToUint(f);
    if ((u & 0x7fffffffu) > 0x7f800000u)
        return uint16_t((u >> 16) | 0x40u);
    u += 0x7fffu + ((u >> 16) & 1u);
    return uint16_t(u >> 16);
}

void main()
{
    uint i = gl_GlobalInvocationID.x;
    if (i < n)
        c[i] = f32_to_bf16(bf16_to_f32(a[i]) + bf16_to_f32(b[i]));
}
