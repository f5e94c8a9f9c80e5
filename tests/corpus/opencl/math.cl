// Math builtins: sqrt, rsqrt, exp, log, pow, native_sin/cos/exp, half_ functions, mad, fma,
// clamp, mix, step, smoothstep, hypot, atan2, sincos (pointer out-parameter), frexp, remquo.

kernel void math_fns(global const float *x, global float4 *out, global int2 *iout)
{
    size_t i = get_global_id(0);
    float v = x[i];
    float a = fabs(v) + 1.0f;

    float r0 = sqrt(a) + rsqrt(a) + cbrt(v) + exp(v * 0.1f) + exp2(v) + exp10(-a) + expm1(v * 0.01f);
    float r1 = log(a) + log2(a) + log10(a) + log1p(a) + pow(a, 1.5f) + pown(a, 3) + powr(a, 0.5f) + rootn(a, 4);
    float r2 = native_sin(v) + native_cos(v) + native_exp(v * 0.1f) + native_log(a) + native_sqrt(a)
             + native_recip(a) + native_divide(v, a) + half_sin(v) + half_rsqrt(a);
    float r3 = mad(v, 2.0f, 1.0f) + fma(v, v, -1.0f) + clamp(v, -1.0f, 1.0f) + mix(v, a, 0.25f)
             + step(0.0f, v) + smoothstep(-1.0f, 1.0f, v) + hypot(v, a) + atan2(v, a) + atanpi(v)
             + copysign(a, v) + fdim(a, v) + fmin(v, a) + fmax(v, a) + fmod(a, 3.0f) + sign(v)
             + degrees(v) + radians(v) + tgamma(a) + lgamma(a) + erf(v) + erfc(v);

    float c;
    float s = sincos(v, &c);
    int e;
    float mant = frexp(a, &e);
    int quo;
    float rem = remquo(a * 7.0f, 3.0f, &quo);
    float ip;
    float fr = modf(v, &ip);

    out[i] = (float4)(r0 + s, r1 + c, r2 + mant + rem, r3 + fr + ip + ldexp(1.0f, e) + nextafter(v, 0.0f));
    iout[i] = (int2)(ilogb(a) + e, quo + (int)rint(v) + (int)round(v) + (int)trunc(v) + (int)floor(v) + (int)ceil(v));
}

kernel void int_math(global const int *a, global uint *out)
{
    size_t i = get_global_id(0);
    int v = a[i];
    uint r = abs(v) + clz(v) + popcount(v) + (uint)mul_hi(v, 0x12345) + (uint)mad24(v, 3, 1)
           + (uint)mul24(v, v) + (uint)rhadd(v, 7) + upsample((ushort)v, (ushort)(v >> 16))
           + (uint)max(v, 0) + (uint)min(v, 100) + (uint)sub_sat(v, 5) + (uint)mad_sat(v, v, v);
    out[i] = r;
}
