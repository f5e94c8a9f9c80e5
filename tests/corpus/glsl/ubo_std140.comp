#version 450
// Uniform buffer with a std140 struct (mat4, vec3 padding, arrays of vec2/float), storage buffer std430 output.

struct Light {
    vec3 position;
    float radius;
    vec3 color;
    float intensity;
};

layout(std140, set = 0, binding = 0) uniform SceneUBO {
    mat4 viewProj;
    mat3 normalMatrix;
    vec3 cameraPos;
    float time;
    vec2 jitter[4];
    float weights[5];
    Light lights[4];
    int lightCount;
    bool enableFog;
} scene;

struct OutputRecord {
    vec4 clipPos;
    vec3 shaded;
    float fog;
};

layout(std430, set = 0, binding = 1) writeonly buffer OutRecords { OutputRecord records[]; };
layout(std430, set = 0, binding = 2) readonly buffer Points { vec4 points[]; };

void main()
{
    uint i = gl_GlobalInvocationID.x;
    vec4 p = points[i];
    vec4 clip = scene.viewProj * vec4(p.xyz, 1.0);
    clip.xy += scene.jitter[i & 3u] * clip.w;

    vec3 n = normalize(scene.normalMatrix * vec3(0.0, 1.0, 0.0));
    vec3 color = vec3(0.0);
    for (int l = 0; l < scene.lightCount && l < 4; ++l) {
        vec3 toLight = scene.lights[l].position - p.xyz;
        float dist = length(toLight);
        float atten = max(0.0, 1.0 - dist / scene.lights[l].radius);
        color += scene.lights[l].color * scene.lights[l].intensity * atten * max(dot(n, toLight / dist), 0.0);
    }
    float w = 0.0;
    for (int k = 0; k < 5; ++k) w += scene.weights[k];

    records[i].clipPos = clip;
    records[i].shaded = color * w;
    records[i].fog = scene.enableFog ? exp(-0.02 * distance(scene.cameraPos, p.xyz)) : 1.0;
}
