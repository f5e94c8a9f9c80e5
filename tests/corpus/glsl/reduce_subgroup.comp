#version 450
// Two-level reduction: subgroupAdd within a subgroup, then shared memory across subgroups.
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require

layout(local_size_x = 256) in;

layout(std430, set = 0, binding = 0) readonly buffer Src { uint values[]; };
layout(std430, set = 0, binding = 1) buffer Dst { uint total; uint maxValue; float mean; };

layout(push_constant) uniform PC { uint n; } pc;

shared uint sums[64];
shared uint maxes[64];

void main()
{
    uint gid = gl_GlobalInvocationID.x;
    uint v = gid < pc.n ? values[gid] : 0u;

    uint s = subgroupAdd(v);
    uint m = subgroupMax(v);
    if (subgroupElect()) {
        sums[gl_SubgroupID] = s;
        maxes[gl_SubgroupID] = m;
    }
    barrier();

    if (gl_SubgroupID == 0u) {
        uint s2 = gl_SubgroupInvocationID < gl_NumSubgroups ? sums[gl_SubgroupInvocationID] : 0u;
        uint m2 = gl_SubgroupInvocationID < gl_NumSubgroups ? maxes[gl_SubgroupInvocationID] : 0u;
        s2 = subgroupAdd(s2);
        m2 = subgroupMax(m2);
        uint incl = subgroupInclusiveAdd(1u);
        if (subgroupElect()) {
            atomicAdd(total, s2);
            atomicMax(maxValue, m2);
            mean = float(s2) / float(max(incl, 1u));
        }
    }
}
