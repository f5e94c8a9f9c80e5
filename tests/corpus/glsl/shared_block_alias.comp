#version 450
// min-env: vulkan1.2
// GL_EXT_shared_memory_block: explicitly laid-out, aliased workgroup memory blocks
// (SPV_KHR_workgroup_memory_explicit_layout requires SPIR-V 1.4, so Vulkan 1.2+).
#extension GL_EXT_shared_memory_block : require
#extension GL_EXT_scalar_block_layout : require

layout(local_size_x = 64) in;

// Two views of the same workgroup memory: as floats and as raw uints.
shared SharedFloats {
    float f[64];
    vec4 tail;
} asFloats;

shared SharedBits {
    uint bits[68];
} asBits;

layout(std430, binding = 0) readonly buffer In { float src[]; };
layout(std430, binding = 1) writeonly buffer Out { uint dst[]; };

void main()
{
    uint lid = gl_LocalInvocationID.x;
    asFloats.f[lid] = src[gl_GlobalInvocationID.x] * 2.0;
    if (lid == 0u) asFloats.tail = vec4(1.0, 2.0, 3.0, 4.0);
    barrier();
    // Read back the IEEE bits of a neighbour's value through the aliased block.
    uint neighbour = asBits.bits[(lid + 1u) & 63u];
    dst[gl_GlobalInvocationID.x] = neighbour ^ asBits.bits[64u + (lid & 3u)];
}
