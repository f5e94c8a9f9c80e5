#version 450
// Half-precision shading with demote-to-helper (keeps derivatives valid after "discard").
#extension GL_EXT_demote_to_helper_invocation : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require

layout(location = 0) in vec2 vUV;
layout(location = 1) in vec3 vNormal;

layout(set = 0, binding = 0) uniform sampler2D mask;
layout(push_constant) uniform PC { vec4 lightDir; float cutoff; } pc;

layout(location = 0) out vec4 outColor;

void main()
{
    float m = texture(mask, vUV).r;
    if (m < pc.cutoff)
        demote;
    f16vec3 n = f16vec3(normalize(vNormal));
    f16vec3 l = f16vec3(pc.lightDir.xyz);
    float16_t ndl = max(dot(n, l), float16_t(0.0));
    float16_t wrap = (ndl + float16_t(0.5)) / float16_t(1.5);
    float edge = fwidth(m);
    outColor = vec4(vec3(wrap), helperInvocationEXT() ? 0.0 : 1.0 - edge);
}
