#version 450
// float16_t arithmetic with 16-bit storage buffers and mixed-precision accumulation.
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_16bit_storage : require

layout(local_size_x = 64) in;

layout(std430, binding = 0) readonly buffer HalfIn { f16vec4 inputs[]; };
layout(std430, binding = 1) writeonly buffer HalfOut { float16_t outputs[]; };
layout(std430, binding = 2) readonly buffer Weights { float16_t w[16]; f16vec2 scaleBias; };

float16_t gelu(float16_t x)
{
    const float16_t c = float16_t(0.7978845608);
    float16_t x3 = x * x * x;
    return float16_t(0.5) * x * (float16_t(1.0) + tanh(c * (x + float16_t(0.044715) * x3)));
}

void main()
{
    uint i = gl_GlobalInvocationID.x;
    f16vec4 v = inputs[i];
    float acc = 0.0;   // accumulate in fp32
    for (int k = 0; k < 4; ++k) {
        float16_t prod = v[k] * w[(i + uint(k)) & 15u];
        acc += float(prod);
    }
    float16_t r = float16_t(acc) * scaleBias.x + scaleBias.y;
    r = gelu(r);
    r = clamp(r, float16_t(-65504.0), float16_t(65504.0));
    f16vec2 packed = f16vec2(r, -r);
    outputs[i] = packed.x + abs(packed.y) * float16_t(0.0);
}
