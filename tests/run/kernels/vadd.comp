// c[i] = a[i] + b[i] in f32. Bindings 0.0 a, 0.1 b (read), 0.2 c (written); 64 invocations a group.
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer A { float a[]; };
layout(set = 0, binding = 1) readonly buffer B { float b[]; };
layout(set = 0, binding = 2) writeonly buffer C { float c[]; };
void main()
{
    uint i = gl_GlobalInvocationID.x;
    if (i < uint(c.length()))
        c[i] = a[i] + b[i];
}
