#version 450
// r32ui storage images: threshold a counter image, imageAtomicAdd/Max into a second one.

layout(local_size_x = 16, local_size_y = 16) in;

layout(set = 0, binding = 0, r32ui) uniform uimage2D counters;
layout(set = 0, binding = 1, r32ui) uniform coherent uimage2D maxima;
layout(set = 0, binding = 2, r32f) uniform writeonly image2D mask;
layout(set = 0, binding = 3, rgba32ui) uniform readonly uimage2DArray layers;

layout(push_constant) uniform PC { uint threshold; int layerCount; } pc;

void main()
{
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    uint c = imageLoad(counters, p).x;

    uvec4 accum = uvec4(0);
    for (int l = 0; l < pc.layerCount; ++l) {
        accum += imageLoad(layers, ivec3(p, l));
    }
    uint v = accum.x ^ accum.y ^ accum.z ^ accum.w;

    imageAtomicAdd(counters, p, 1u);
    imageAtomicMax(maxima, p / 2, c + v);
    uint old = imageAtomicCompSwap(maxima, ivec2(0), 0u, v);
    imageStore(mask, p, vec4(c > pc.threshold ? 1.0 : 0.0, float(old), 0.0, 0.0));
}
