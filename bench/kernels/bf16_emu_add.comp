// c[i] = a[i] + b[i] on bf16 held as 16-bit integers, one element per invocation: widen with
// << 16, f32 add, round to nearest even on the bits (bf16_emu.glsl). Bindings 0.0 a, 0.1 b (read),
// 0.2 c (written).
#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
layout(local_size_x = 256) in;
layout(set = 0, binding = 0, std430) readonly buffer A { uint16_t a[]; };
layout(set = 0, binding = 1, std430) readonly buffer B { uint16_t b[]; };
layout(set = 0, binding = 2, std430) writeonly buffer C { uint16_t c[]; };
#include "bf16_emu.glsl"
void main()
{
    uint i = gl_GlobalInvocationID.x;
    if (i < uint(c.length())) {
        float s = uintBitsToFloat(uint(a[i]) << 16) + uintBitsToFloat(uint(b[i]) << 16);
        c[i] = uint16_t(f32_bits_to_bf16(floatBitsToUint(s)));
    }
}
