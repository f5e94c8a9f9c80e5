#version 450
// Exercises a wide range of GLSL.std.450 extended instructions.

layout(local_size_x = 64) in;

layout(std430, binding = 0) readonly buffer In { vec4 a[]; };
layout(std430, binding = 1) writeonly buffer Out { vec4 r[]; };
layout(std430, binding = 2) writeonly buffer OutI { ivec4 ri[]; };

void main()
{
    uint i = gl_GlobalInvocationID.x;
    vec4 x = a[i];
    vec4 y = a[i + 1u];

    vec4 t = sin(x) + cos(y) + tan(x * 0.1) + asin(clamp(x, -1.0, 1.0)) + acos(clamp(y, -1.0, 1.0)) + atan(x, y + 1.0) + atan(y);
    t += sinh(x * 0.1) + cosh(y * 0.1) + tanh(x) + asinh(y) + acosh(abs(x) + 1.0) + atanh(clamp(y, -0.9, 0.9));
    t += exp(x * 0.1) + log(abs(y) + 1.0) + exp2(x * 0.1) + log2(abs(x) + 1.0) + pow(abs(x), vec4(1.5)) + sqrt(abs(y)) + inversesqrt(abs(x) + 1.0);
    t += radians(x) + degrees(y) + abs(x) + sign(y) + floor(x) + ceil(y) + fract(x) + trunc(y) + round(x) + roundEven(y);
    t += mod(x, vec4(3.0)) + min(x, y) + max(x, y) + clamp(x, -2.0, 2.0) + mix(x, y, 0.25) + step(0.5, x) + smoothstep(0.0, 1.0, y);
    t += fma(x, y, vec4(1.0)) + mix(x, y, lessThan(x, y));

    vec3 n = normalize(x.xyz + vec3(1e-3));
    vec3 c = cross(n, y.xyz);
    vec3 refl = reflect(x.xyz, n);
    vec3 refr = refract(x.xyz, n, 1.0 / 1.33);
    vec3 ff = faceforward(n, y.xyz, x.xyz);
    float d = length(x) + distance(x, y) + dot(x, y) + determinant(mat2(x.xy, y.xy));

    vec4 ip;
    vec4 fr = modf(x, ip);
    ivec4 e;
    vec4 mant = frexp(y, e);
    vec4 ld = ldexp(mant, e);

    uint packed = packUnorm4x8(clamp(x, 0.0, 1.0)) ^ packSnorm4x8(clamp(y, -1.0, 1.0)) ^ packHalf2x16(x.xy) ^ packUnorm2x16(y.zw);
    vec2 unp = unpackHalf2x16(packed) + unpackSnorm2x16(packed);
    bvec4 nanCheck = isnan(x);
    bvec4 infCheck = isinf(y);

    r[i] = t + vec4(c + refl + refr + ff, d) + fr + ip + ld + vec4(unp, 0.0, 0.0);
    ri[i] = e + ivec4(nanCheck) + ivec4(infCheck) + findMSB(ivec4(x)) + findLSB(ivec4(y)) + ivec4(floatBitsToInt(x.x) & 7);
}
