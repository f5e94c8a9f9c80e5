// c = a + b on bf16 held as 16-bit integers, eight elements per invocation: one uvec4 load of
// each input holds eight bf16 (element 2k in the low half of a uint). Each pair is widened, added
// in f32 and rounded to nearest even on the bits (bf16_emu.glsl). Bindings 0.0 a, 0.1 b (read),
// 0.2 c (written); lengths are multiples of 8 elements.
#version 450
#extension GL_GOOGLE_include_directive : require
layout(local_size_x = 256) in;
layout(set = 0, binding = 0, std430) readonly buffer A { uvec4 a[]; };
layout(set = 0, binding = 1, std430) readonly buffer B { uvec4 b[]; };
layout(set = 0, binding = 2, std430) writeonly buffer C { uvec4 c[]; };
#include "bf16_emu.glsl"
void main()
{
    uint i = gl_GlobalInvocationID.x;
    if (i < uint(c.length())) {
        uvec4 x = a[i], y = b[i];
        c[i] = uvec4(bf16x2_add(x.x, y.x), bf16x2_add(x.y, y.y), bf16x2_add(x.z, y.z), bf16x2_add(x.w, y.w));
    }
}
