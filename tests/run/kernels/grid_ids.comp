// Checks the ids of a large grid (up to the device's maxComputeWorkGroupCount; larger grids are
// refused) element by element without reading gl_NumWorkGroups:
//   by_global[linear index from gl_GlobalInvocationID] = linear index from gl_WorkGroupID and
//                                                        gl_LocalInvocationID
//   by_group[linear index from gl_WorkGroupID, ...]    = linear index from gl_GlobalInvocationID
// Both come out as 0, 1, 2, ... (iota) when every invocation ran once with consistent ids. The push constant is
// the number of groups in x. Bindings 0.0 by_global, 0.1 by_group; 4 invocations a group.
#version 450
layout(local_size_x = 4) in;
layout(push_constant) uniform Push { uint groups_x; } pc;
layout(set = 0, binding = 0) writeonly buffer ByGlobal { uint by_global[]; };
layout(set = 0, binding = 1) writeonly buffer ByGroup { uint by_group[]; };
void main()
{
    uint width = pc.groups_x * gl_WorkGroupSize.x;
    uint from_global = gl_GlobalInvocationID.y * width + gl_GlobalInvocationID.x;
    uint from_group = (gl_WorkGroupID.y * pc.groups_x + gl_WorkGroupID.x) * gl_WorkGroupSize.x
                      + gl_LocalInvocationID.x;
    by_global[from_global] = from_group;
    by_group[from_group] = from_global;
}
