#version 450
// Alpha-tested texturing with discard, a combined image sampler and a uniform tint.

layout(location = 0) in vec2 vUV;
layout(location = 1) in vec4 vColor;

layout(set = 0, binding = 0) uniform sampler2D albedo;
layout(set = 0, binding = 1) uniform Material {
    vec4 tint;
    float alphaCutoff;
    float lodBias;
} material;

layout(location = 0) out vec4 fragColor;

void main()
{
    vec4 c = texture(albedo, vUV, material.lodBias) * vColor * material.tint;
    if (c.a < material.alphaCutoff)
        discard;
    fragColor = vec4(c.rgb / max(c.a, 1e-4), c.a);
}
