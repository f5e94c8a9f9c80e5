#version 450
// y = alpha * x + y, with a grid-stride loop and alpha/count in push constants.

layout(local_size_x = 128, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) readonly buffer X { float x[]; };
layout(set = 0, binding = 1, std430) buffer Y { float y[]; };

layout(push_constant, std430) uniform PushConstants {
    float alpha;
    uint n;
    uint stride;
} pc;

void main()
{
    uint stride = pc.stride == 0u ? gl_NumWorkGroups.x * gl_WorkGroupSize.x : pc.stride;
    for (uint i = gl_GlobalInvocationID.x; i < pc.n; i += stride) {
        y[i] = fma(pc.alpha, x[i], y[i]);
    }
}
