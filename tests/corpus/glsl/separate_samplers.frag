#version 450
// Separate textures and samplers, shadow comparison samplers, cube arrays, 3D textures,
// subpass input and a switch on a flat-shaded material id.

layout(location = 0) in vec3 vDir;
layout(location = 1) in vec4 vShadowCoord;
layout(location = 2) flat in uint vMode;

layout(set = 0, binding = 0) uniform texture2D colorTex;
layout(set = 0, binding = 1) uniform sampler linearSampler;
layout(set = 0, binding = 2) uniform sampler shadowSampler;
layout(set = 0, binding = 3) uniform texture2D shadowTex;
layout(set = 0, binding = 4) uniform textureCubeArray envArray;
layout(set = 0, binding = 5) uniform texture3D volume;
layout(set = 0, binding = 6) uniform sampler2DShadow combinedShadow;
layout(input_attachment_index = 0, set = 1, binding = 0) uniform subpassInput gbuffer;

layout(location = 0) out vec4 outColor;

void main()
{
    vec4 base = subpassLoad(gbuffer);
    float lit = texture(sampler2DShadow(shadowTex, shadowSampler), vShadowCoord.xyz);
    lit += textureProj(combinedShadow, vShadowCoord);
    vec4 color;
    switch (vMode) {
    case 0u:
        color = texture(sampler2D(colorTex, linearSampler), vDir.xy);
        break;
    case 1u:
        color = texture(samplerCubeArray(envArray, linearSampler), vec4(vDir, 1.0));
        break;
    case 2u:
        color = textureLod(sampler3D(volume, linearSampler), vDir * 0.5 + 0.5, 0.0);
        break;
    default:
        color = base;
        break;
    }
    outColor = color * (0.5 + 0.25 * lit);
}
