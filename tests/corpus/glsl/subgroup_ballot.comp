#version 450
// Subgroup vote, ballot, shuffle, broadcast, clustered and quad operations for stream compaction.
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_shuffle_relative : require
#extension GL_KHR_shader_subgroup_clustered : require
#extension GL_KHR_shader_subgroup_quad : require
#extension GL_KHR_shader_subgroup_arithmetic : require

layout(local_size_x = 128) in;

layout(std430, binding = 0) readonly buffer In { float src[]; };
layout(std430, binding = 1) writeonly buffer Out { float dst[]; };
layout(std430, binding = 2) buffer Counter { uint count; uint flags; };

void main()
{
    uint i = gl_GlobalInvocationID.x;
    float v = src[i];
    bool keep = v > 0.0;

    uvec4 ballot = subgroupBallot(keep);
    uint localIndex = subgroupBallotExclusiveBitCount(ballot);
    uint localCount = subgroupBallotBitCount(ballot);

    uint base = 0u;
    if (subgroupElect()) {
        base = atomicAdd(count, localCount);
    }
    base = subgroupBroadcastFirst(base);
    if (keep) dst[base + localIndex] = v;

    float neighbour = subgroupShuffleXor(v, 1u);
    float up = subgroupShuffleUp(v, 1u);
    float down = subgroupShuffleDown(v, 1u);
    float lane0 = subgroupBroadcast(v, 0u);
    float rot = subgroupShuffle(v, (gl_SubgroupInvocationID + 3u) % gl_SubgroupSize);
    float cluster = subgroupClusteredAdd(v, 4u);
    float quadSum = subgroupQuadBroadcast(v, 0u) + subgroupQuadSwapHorizontal(v) + subgroupQuadSwapVertical(v) + subgroupQuadSwapDiagonal(v);
    float prefix = subgroupExclusiveMul(1.0 + abs(v) * 1e-3);

    uint f = 0u;
    if (subgroupAll(keep)) f |= 1u;
    if (subgroupAny(keep)) f |= 2u;
    if (subgroupAllEqual(v)) f |= 4u;
    if (subgroupInverseBallot(ballot)) f |= 8u;
    if (subgroupBallotBitExtract(ballot, 0u)) f |= 16u;
    f |= subgroupBallotFindLSB(ballot) << 8;
    f |= subgroupBallotFindMSB(ballot) << 16;
    if (gl_SubgroupEqMask.x != 0u && gl_SubgroupLtMask.x == 0u) f |= 32u;
    atomicOr(flags, f);

    if (!keep) dst[i + 4096u] = neighbour + up + down + lane0 + rot + cluster + quadSum + prefix;
}
