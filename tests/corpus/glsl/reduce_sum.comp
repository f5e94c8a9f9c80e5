#version 450
// Workgroup tree reduction in shared memory; one partial sum per workgroup.

#define WG_SIZE 256
layout(local_size_x = WG_SIZE) in;

layout(std430, binding = 0) readonly buffer Input { float data[]; } inbuf;
layout(std430, binding = 1) writeonly buffer Partials { float partial[]; } outbuf;

layout(push_constant) uniform PC { uint n; } pc;

shared float scratch[WG_SIZE];

void main()
{
    uint lid = gl_LocalInvocationIndex;
    uint gid = gl_WorkGroupID.x * (WG_SIZE * 2) + lid;

    float v = 0.0;
    if (gid < pc.n) v += inbuf.data[gid];
    if (gid + WG_SIZE < pc.n) v += inbuf.data[gid + WG_SIZE];
    scratch[lid] = v;
    memoryBarrierShared();
    barrier();

    for (uint s = WG_SIZE / 2; s > 0u; s >>= 1) {
        if (lid < s) {
            scratch[lid] += scratch[lid + s];
        }
        memoryBarrierShared();
        barrier();
    }

    if (lid == 0u)
        outbuf.partial[gl_WorkGroupID.x] = scratch[0];
}
