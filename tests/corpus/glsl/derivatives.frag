#version 450
// Screen-space derivatives and explicit-gradient/offset texture functions: dFdx/dFdy/fwidth
// (coarse and fine), textureGrad, textureLodOffset, texelFetch, textureGather, textureSize.

layout(location = 0) in vec2 vUV;
layout(location = 1) in vec3 vWorldPos;
layout(location = 2) noperspective in float vDepth;
layout(location = 3) flat in int vMaterial;

layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1) uniform sampler2DArray texArray;

layout(location = 0) out vec4 outColor;
layout(location = 1) out vec3 outNormal;

void main()
{
    vec2 dx = dFdx(vUV);
    vec2 dy = dFdy(vUV);
    vec3 faceNormal = normalize(cross(dFdxFine(vWorldPos), dFdyFine(vWorldPos)));
    float edge = fwidth(vDepth) + fwidthCoarse(vDepth) + length(dFdxCoarse(vUV)) + length(dFdyCoarse(vUV));

    // grid lines with analytic antialiasing
    vec2 grid = abs(fract(vUV * 16.0 - 0.5) - 0.5) / fwidthFine(vUV * 16.0);
    float line = 1.0 - min(min(grid.x, grid.y), 1.0);

    vec4 a = textureGrad(tex, vUV, dx, dy);
    vec4 b = textureLodOffset(tex, vUV, 1.0, ivec2(1, -1));
    vec4 c = texelFetch(tex, ivec2(vUV * vec2(textureSize(tex, 0))), 0);
    vec4 d = textureGather(tex, vUV, 1);
    vec4 e = textureGradOffset(texArray, vec3(vUV, float(vMaterial)), dx, dy, ivec2(-2, 2));
    vec4 f = textureOffset(tex, vUV, ivec2(3, 0), 0.5);
    vec4 g = textureProj(tex, vec3(vUV, 2.0));
    vec2 lod = textureQueryLod(tex, vUV);
    int levels = textureQueryLevels(texArray);

    outColor = mix(a + b * 0.25 + c * 0.25 + d.wzyx * 0.1 + e + f + g, vec4(1.0), line) + vec4(edge, lod, float(levels));
    outNormal = gl_FrontFacing ? faceNormal : -faceNormal;
    if (gl_FragCoord.x < 0.5 && gl_HelperInvocation)
        outNormal = vec3(0.0);
}
