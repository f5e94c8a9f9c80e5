// Specialization constants of three types and a push-constant block:
//   y[i] = (NEGATE ? -1 : 1) * (x[i] * SCALE + float(OFFSET) + pc.bias)   for i < pc.count
// Spec ids: 1 NEGATE (bool, false), 2 OFFSET (int, 0), 3 SCALE (float, 1.0). Push constants:
// { float bias; uint count; } (8 bytes). Bindings 0.0 x (read), 0.1 y (written).
#version 450
layout(local_size_x = 16) in;
layout(constant_id = 1) const bool NEGATE = false;
layout(constant_id = 2) const int OFFSET = 0;
layout(constant_id = 3) const float SCALE = 1.0;
layout(push_constant) uniform Push { float bias; uint count; } pc;
layout(set = 0, binding = 0) readonly buffer X { float x[]; };
layout(set = 0, binding = 1) writeonly buffer Y { float y[]; };
void main()
{
    uint i = gl_GlobalInvocationID.x;
    if (i >= pc.count)
        return;
    float v = x[i] * SCALE + float(OFFSET) + pc.bias;
    y[i] = NEGATE ? -v : v;
}
