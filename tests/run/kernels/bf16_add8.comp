// c = a + b on bf16 data, eight elements per invocation: each uvec4 holds eight bf16 values, two
// per uint (element 2k in the low half, as little-endian u16 data lands). The arithmetic is in
// bf16_add.glsl. Bindings 0.0 a, 0.1 b (read), 0.2 c (written), lengths multiples of 8 elements.
#version 450
#extension GL_GOOGLE_include_directive : require
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer A { uvec4 a[]; };
layout(set = 0, binding = 1) readonly buffer B { uvec4 b[]; };
layout(set = 0, binding = 2) writeonly buffer C { uvec4 c[]; };
#include "bf16_add.glsl"
uint add_pair(uint x, uint y)
{
    return bf16_add(x, y) | (bf16_add(x >> 16, y >> 16) << 16);
}
void main()
{
    uint i = gl_GlobalInvocationID.x;
    if (i >= uint(c.length()))
        return;
    uvec4 x = a[i], y = b[i];
    c[i] = uvec4(add_pair(x.x, y.x), add_pair(x.y, y.y), add_pair(x.z, y.z), add_pair(x.w, y.w));
}
