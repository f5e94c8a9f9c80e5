// c[i] = a[i] + b[i] on bf16 data held as 16-bit integers (one element per invocation); the
// arithmetic is in bf16_add.glsl. Bindings 0.0 a, 0.1 b (read), 0.2 c (written), any length.
#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer A { uint16_t a[]; };
layout(set = 0, binding = 1) readonly buffer B { uint16_t b[]; };
layout(set = 0, binding = 2) writeonly buffer C { uint16_t c[]; };
#include "bf16_add.glsl"
void main()
{
    uint i = gl_GlobalInvocationID.x;
    if (i < uint(c.length()))
        c[i] = uint16_t(bf16_add(uint(a[i]), uint(b[i])));
}
