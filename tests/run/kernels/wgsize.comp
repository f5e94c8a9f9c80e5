// The workgroup size comes from specialization constants 0 and 1 (x and y; z is 1), default 1x1:
//   out[global linear index] = gl_WorkGroupSize.x * 1000 + gl_WorkGroupSize.y * 100 + local index
// where the global linear index is gid.y * (gl_NumWorkGroups.x * size.x) + gid.x.
// Binding 0.0 out (written).
#version 450
layout(local_size_x_id = 0, local_size_y_id = 1) in;
layout(set = 0, binding = 0) writeonly buffer Out { uint data[]; };
void main()
{
    uvec3 g = gl_GlobalInvocationID;
    uint width = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    data[g.y * width + g.x] = gl_WorkGroupSize.x * 1000u + gl_WorkGroupSize.y * 100u + gl_LocalInvocationIndex;
}
