// The device's practical bandwidth: dst[i] = src[i], 16 bytes (one uvec4) read and written per
// invocation. Bindings 0.0 src (read), 0.1 dst (written).
#version 450
layout(local_size_x = 256) in;
layout(set = 0, binding = 0, std430) readonly buffer Src { uvec4 src[]; };
layout(set = 0, binding = 1, std430) writeonly buffer Dst { uvec4 dst[]; };
void main()
{
    uint i = gl_GlobalInvocationID.x;
    if (i < uint(dst.length()))
        dst[i] = src[i];
}
