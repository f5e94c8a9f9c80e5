#version 450
// Cook-Torrance PBR with normal mapping, an array of lights in a UBO, IBL from a cubemap
// and tone mapping. Heavy on GLSL.std.450 and function calls.

const float PI = 3.14159265359;

layout(location = 0) in vec3 vWorldPos;
layout(location = 1) in vec3 vNormal;
layout(location = 2) in vec2 vUV;
layout(location = 3) in mat3 vTBN;

struct Light {
    vec4 positionType;   // xyz, w = 0 directional / 1 point
    vec4 colorIntensity;
};

layout(std140, set = 0, binding = 0) uniform Lights {
    Light lights[8];
    vec3 cameraPos;
    int count;
    float exposure;
} L;

layout(set = 1, binding = 0) uniform sampler2D baseColorMap;
layout(set = 1, binding = 1) uniform sampler2D normalMap;
layout(set = 1, binding = 2) uniform sampler2D metalRoughMap;
layout(set = 1, binding = 3) uniform samplerCube envMap;

layout(location = 0) out vec4 outColor;

float distributionGGX(vec3 N, vec3 H, float roughness)
{
    float a = roughness * roughness;
    float a2 = a * a;
    float NdotH = max(dot(N, H), 0.0);
    float denom = NdotH * NdotH * (a2 - 1.0) + 1.0;
    return a2 / (PI * denom * denom);
}

float geometrySchlickGGX(float NdotV, float roughness)
{
    float r = roughness + 1.0;
    float k = (r * r) / 8.0;
    return NdotV / (NdotV * (1.0 - k) + k);
}

vec3 fresnelSchlick(float cosTheta, vec3 F0)
{
    return F0 + (1.0 - F0) * pow(clamp(1.0 - cosTheta, 0.0, 1.0), 5.0);
}

vec3 acesFilm(vec3 x)
{
    return clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0);
}

void main()
{
    vec3 albedo = pow(texture(baseColorMap, vUV).rgb, vec3(2.2));
    vec2 mr = texture(metalRoughMap, vUV).bg;
    float metallic = mr.x;
    float roughness = max(mr.y, 0.04);
    vec3 tn = texture(normalMap, vUV).xyz * 2.0 - 1.0;
    vec3 N = normalize(vTBN * tn);
    vec3 V = normalize(L.cameraPos - vWorldPos);
    vec3 F0 = mix(vec3(0.04), albedo, metallic);

    vec3 Lo = vec3(0.0);
    for (int i = 0; i < L.count; ++i) {
        vec3 Ld;
        float atten;
        if (L.lights[i].positionType.w == 0.0) {
            Ld = normalize(-L.lights[i].positionType.xyz);
            atten = 1.0;
        } else {
            vec3 d = L.lights[i].positionType.xyz - vWorldPos;
            float dist = length(d);
            Ld = d / dist;
            atten = 1.0 / (dist * dist);
        }
        vec3 H = normalize(V + Ld);
        vec3 radiance = L.lights[i].colorIntensity.rgb * L.lights[i].colorIntensity.a * atten;
        float NDF = distributionGGX(N, H, roughness);
        float G = geometrySchlickGGX(max(dot(N, V), 0.0), roughness) * geometrySchlickGGX(max(dot(N, Ld), 0.0), roughness);
        vec3 F = fresnelSchlick(max(dot(H, V), 0.0), F0);
        vec3 spec = NDF * G * F / (4.0 * max(dot(N, V), 0.0) * max(dot(N, Ld), 0.0) + 1e-4);
        vec3 kD = (vec3(1.0) - F) * (1.0 - metallic);
        Lo += (kD * albedo / PI + spec) * radiance * max(dot(N, Ld), 0.0);
    }

    vec3 R = reflect(-V, N);
    vec3 ambient = textureLod(envMap, R, roughness * 8.0).rgb * albedo * 0.03;
    vec3 color = acesFilm((Lo + ambient) * L.exposure);
    outColor = vec4(pow(color, vec3(1.0 / 2.2)), 1.0);
}
