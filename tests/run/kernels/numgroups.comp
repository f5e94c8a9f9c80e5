// Reads gl_NumWorkGroups: out = (x, y, z) of the grid. A runtime must not split such a kernel's
// grid into several dispatches (each piece would see its own size). Binding 0.0 out (3 uints).
#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) writeonly buffer Out { uint n[3]; };
void main()
{
    if (gl_GlobalInvocationID == uvec3(0))
        n = uint[3](gl_NumWorkGroups.x, gl_NumWorkGroups.y, gl_NumWorkGroups.z);
}
