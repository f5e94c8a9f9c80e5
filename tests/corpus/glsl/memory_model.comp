#version 450
// Vulkan memory model: explicit scopes and semantics, a producer/consumer flag with
// release/acquire ordering, and queuefamilycoherent and nonprivate storage.
#extension GL_KHR_memory_scope_semantics : require
#pragma use_vulkan_memory_model

layout(local_size_x = 64) in;

layout(std430, binding = 0) queuefamilycoherent buffer Mailbox {
    uint flag;
    uint data[64];
} mb;

layout(std430, binding = 1) nonprivate buffer Results { uint observed[]; };

shared uint sharedCounter;

void main()
{
    uint lid = gl_LocalInvocationID.x;
    if (lid == 0u) sharedCounter = 0u;
    controlBarrier(gl_ScopeWorkgroup, gl_ScopeWorkgroup, gl_StorageSemanticsShared, gl_SemanticsAcquireRelease);

    atomicAdd(sharedCounter, 1u, gl_ScopeWorkgroup, gl_StorageSemanticsNone, gl_SemanticsRelaxed);

    if (gl_WorkGroupID.x == 0u) {
        mb.data[lid] = lid * 3u;
        memoryBarrier(gl_ScopeQueueFamily, gl_StorageSemanticsBuffer, gl_SemanticsRelease);
        if (lid == 0u)
            atomicStore(mb.flag, 1u, gl_ScopeQueueFamily, gl_StorageSemanticsBuffer, gl_SemanticsRelease);
    } else {
        uint f = 0u;
        for (int spin = 0; spin < 1024 && f == 0u; ++spin)
            f = atomicLoad(mb.flag, gl_ScopeQueueFamily, gl_StorageSemanticsBuffer, gl_SemanticsAcquire);
        observed[gl_GlobalInvocationID.x] = f != 0u ? mb.data[lid] : 0xffffffffu;
    }

    controlBarrier(gl_ScopeWorkgroup, gl_ScopeWorkgroup, gl_StorageSemanticsShared, gl_SemanticsAcquireRelease | gl_SemanticsMakeVisible);
    if (lid == 0u)
        atomicExchange(mb.flag, sharedCounter, gl_ScopeQueueFamily, gl_StorageSemanticsBuffer, gl_SemanticsAcquireRelease | gl_SemanticsMakeAvailable | gl_SemanticsMakeVisible);
}
