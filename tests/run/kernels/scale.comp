// A uniform block with a fixed size beside storage buffers:
//   y[i] = x[i] * params.scale + params.bias   for i < params.count
// Bindings 0.0 params (uniform, 12 bytes: float scale, float bias, uint count), 0.1 x (read),
// 0.2 y (written).
#version 450
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) uniform Params { float scale; float bias; uint count; } params;
layout(set = 0, binding = 1) readonly buffer X { float x[]; };
layout(set = 0, binding = 2) writeonly buffer Y { float y[]; };
void main()
{
    uint i = gl_GlobalInvocationID.x;
    if (i < params.count)
        y[i] = x[i] * params.scale + params.bias;
}
