#version 450
// int16_t/uint16_t and int8 arithmetic and storage: quantize fp32 into int16 and u8 buffers.
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_8bit_storage : require

layout(local_size_x = 64) in;

layout(std430, binding = 0) readonly buffer Src { float src[]; };
layout(std430, binding = 1) writeonly buffer Q16 { int16_t q16[]; };
layout(std430, binding = 2) writeonly buffer Q8 { uint8_t q8[]; };
layout(std430, binding = 3) buffer Stats { i16vec2 minmax; u16vec2 counts; };

layout(push_constant) uniform PC { float scale; int16_t zeroPoint; uint16_t mask; } pc;

void main()
{
    uint i = gl_GlobalInvocationID.x;
    float f = src[i] * pc.scale;
    int16_t q = int16_t(clamp(round(f), -32768.0, 32767.0)) + pc.zeroPoint;
    uint16_t u = uint16_t(q) & pc.mask;
    int16_t shifted = q >> int16_t(8);
    q16[i] = q;
    q8[i] = uint8_t(u >> uint16_t(8));
    if (i == 0u) {
        minmax = i16vec2(min(q, shifted), max(q, shifted));
        counts = u16vec2(u, uint16_t(i + 1u));
    }
}
