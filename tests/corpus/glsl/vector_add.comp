#version 450
// Element-wise c = a + b over runtime-sized storage buffers.

layout(local_size_x = 64) in;

layout(std430, set = 0, binding = 0) readonly buffer InA { float a[]; };
layout(std430, set = 0, binding = 1) readonly buffer InB { float b[]; };
layout(std430, set = 0, binding = 2) writeonly buffer OutC { float c[]; };

layout(push_constant) uniform Params {
    uint count;
} params;

void main()
{
    uint i = gl_GlobalInvocationID.x;
    if (i >= params.count)
        return;
    c[i] = a[i] + b[i];
}
