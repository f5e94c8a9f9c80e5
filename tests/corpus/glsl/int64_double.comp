#version 450
// 64-bit integers and double precision: hashing, prefix products and a Kahan sum in fp64.
#extension GL_ARB_gpu_shader_int64 : require
#extension GL_EXT_shader_atomic_int64 : require

layout(local_size_x = 64) in;

layout(std430, binding = 0) readonly buffer Keys { uint64_t keys[]; };
layout(std430, binding = 1) writeonly buffer Hashes { uint64_t hashes[]; };
layout(std430, binding = 2) readonly buffer Values { double values[]; };
layout(std430, binding = 3) buffer Sum { double total; int64_t signedTotal; uint64_t maxKey; dvec2 range; };

uint64_t fnv1a(uint64_t key)
{
    uint64_t h = 0xcbf29ce484222325UL;
    for (int b = 0; b < 8; ++b) {
        h ^= (key >> uint64_t(8 * b)) & 0xffUL;
        h *= 0x100000001b3UL;
    }
    return h;
}

void main()
{
    uint i = gl_GlobalInvocationID.x;
    uint64_t k = keys[i];
    hashes[i] = fnv1a(k) ^ (k << 17);

    double sum = 0.0LF;
    double c = 0.0LF;
    for (uint j = 0u; j < 16u; ++j) {
        double y = values[i * 16u + j] - c;
        double t = sum + y;
        c = (t - sum) - y;
        sum = t;
    }
    int64_t s = int64_t(sum * 1.0e6LF) - 9223372036854775807L;
    if (i == 0u) {
        total = sqrt(abs(sum)) + fma(sum, 2.0LF, -1.0LF);
        signedTotal = s;
        range = dvec2(min(sum, c), max(sum, c));
    }
    atomicMax(maxKey, k);
}
