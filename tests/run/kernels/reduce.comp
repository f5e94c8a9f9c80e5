// Per-workgroup sums through shared memory and barriers: out[g] = the sum of in[64g .. 64g+63]
// (integers, so the result is exact whatever the order). Bindings 0.0 in, 0.1 out.
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; };
layout(set = 0, binding = 1) writeonly buffer Out { uint sums[]; };
shared uint scratch[64];
void main()
{
    uint l = gl_LocalInvocationID.x;
    scratch[l] = data[gl_GlobalInvocationID.x];
    barrier();
    for (uint stride = 32u; stride > 0u; stride >>= 1) {
        if (l < stride)
            scratch[l] += scratch[l + stride];
        barrier();
    }
    if (l == 0u)
        sums[gl_WorkGroupID.x] = scratch[0];
}
