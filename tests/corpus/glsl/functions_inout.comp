#version 450
// Helper functions with in, out and inout parameters, struct parameters and return values.

layout(local_size_x = 64) in;

struct Stats {
    float minV;
    float maxV;
    float sum;
    uint count;
};

layout(std430, binding = 0) readonly buffer In { vec4 samples[]; };
layout(std430, binding = 1) writeonly buffer Out { Stats results[]; };

void initStats(out Stats s)
{
    s.minV = 3.4e38;
    s.maxV = -3.4e38;
    s.sum = 0.0;
    s.count = 0u;
}

void accumulate(inout Stats s, in float v)
{
    s.minV = min(s.minV, v);
    s.maxV = max(s.maxV, v);
    s.sum += v;
    s.count++;
}

void splitSign(in vec4 v, out vec4 positive, out vec4 negative)
{
    positive = max(v, vec4(0.0));
    negative = min(v, vec4(0.0));
}

float safeDiv(float a, float b, out bool ok)
{
    ok = abs(b) > 1e-8;
    return ok ? a / b : 0.0;
}

void swap(inout float a, inout float b)
{
    float t = a;
    a = b;
    b = t;
}

void main()
{
    uint i = gl_GlobalInvocationID.x;
    Stats s;
    initStats(s);
    vec4 pos, neg;
    splitSign(samples[i], pos, neg);
    for (int c = 0; c < 4; ++c) {
        accumulate(s, pos[c]);
        accumulate(s, neg[c]);
    }
    bool ok;
    float mean = safeDiv(s.sum, float(s.count), ok);
    if (!ok) mean = -1.0;
    float lo = s.maxV, hi = s.minV;
    swap(lo, hi);
    s.minV = lo;
    s.maxV = hi;
    s.sum = mean;
    results[i] = s;
}
