#version 450
// Blelloch work-efficient exclusive scan of 2*WG elements per workgroup.

layout(local_size_x = 128) in;
const uint N = 256;

layout(std430, binding = 0) readonly buffer In { int src[]; };
layout(std430, binding = 1) writeonly buffer Out { int dst[]; };
layout(std430, binding = 2) writeonly buffer Sums { int blockSums[]; };

shared int temp[N];

void main()
{
    uint tid = gl_LocalInvocationID.x;
    uint base = gl_WorkGroupID.x * N;

    temp[2 * tid] = src[base + 2 * tid];
    temp[2 * tid + 1] = src[base + 2 * tid + 1];

    // up-sweep
    uint offset = 1;
    for (uint d = N >> 1; d > 0; d >>= 1) {
        barrier();
        if (tid < d) {
            uint ai = offset * (2 * tid + 1) - 1;
            uint bi = offset * (2 * tid + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }

    if (tid == 0) {
        blockSums[gl_WorkGroupID.x] = temp[N - 1];
        temp[N - 1] = 0;
    }

    // down-sweep
    for (uint d = 1; d < N; d *= 2) {
        offset >>= 1;
        barrier();
        if (tid < d) {
            uint ai = offset * (2 * tid + 1) - 1;
            uint bi = offset * (2 * tid + 2) - 1;
            int t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    barrier();

    dst[base + 2 * tid] = temp[2 * tid];
    dst[base + 2 * tid + 1] = temp[2 * tid + 1];
}
