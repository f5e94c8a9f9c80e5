#version 450
// Specialization constants of every scalar kind, spec-constant expressions and spec-sized arrays.

layout(constant_id = 0) const bool USE_CLAMP = true;
layout(constant_id = 1) const int ITERATIONS = 4;
layout(constant_id = 2) const uint ARRAY_LEN = 8u;
layout(constant_id = 3) const float SCALE = 0.5;
layout(constant_id = 4) const double BIAS = 0.25lf;
layout(constant_id = 5) const int SHIFT = -3;
layout(constant_id = 10) const uint WG_X = 32u;

layout(local_size_x_id = 10) in;

const uint DOUBLE_LEN = ARRAY_LEN * 2u;
const int MASK = (1 << 4) - 1;
const bool NOT_CLAMP = !USE_CLAMP;
const int ITERS_PLUS = ITERATIONS + SHIFT;

layout(std430, binding = 0) buffer Data { float values[]; } data;
layout(std430, binding = 1) buffer Table { float table[DOUBLE_LEN]; } tbl;

float lookup[ARRAY_LEN];

void main()
{
    uint i = gl_GlobalInvocationID.x;
    for (uint k = 0u; k < ARRAY_LEN; ++k)
        lookup[k] = tbl.table[k * 2u] * SCALE;

    float v = data.values[i];
    for (int it = 0; it < ITERATIONS; ++it) {
        v = v * SCALE + float(BIAS) + lookup[uint(it) % ARRAY_LEN];
    }
    if (USE_CLAMP)
        v = clamp(v, -1.0, 1.0);
    if (NOT_CLAMP && ITERS_PLUS > 0)
        v = float(int(v * 100.0) & MASK);
    data.values[i] = v;
}
