#version 450
// Linear blend skinning with a bone-matrix storage buffer, integer vertex attributes and
// a morph-target loop driven by a specialization constant.

layout(constant_id = 0) const int MAX_MORPHS = 4;

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in uvec4 inJoints;
layout(location = 3) in vec4 inWeights;
layout(location = 4) in vec3 inMorphDelta[MAX_MORPHS];

layout(std430, set = 0, binding = 0) readonly buffer Bones { mat4 bones[]; };
layout(std140, set = 0, binding = 1) uniform Camera { mat4 viewProj; } cam;
layout(push_constant) uniform PC { vec4 morphWeights; uint boneOffset; } pc;

layout(location = 0) out vec3 vNormal;
layout(location = 1) out float vWeightSum;

void main()
{
    vec3 pos = inPosition;
    for (int m = 0; m < MAX_MORPHS; ++m) {
        if (m >= 4) break;
        pos += inMorphDelta[m] * pc.morphWeights[m];
    }

    mat4 skin = mat4(0.0);
    float wsum = 0.0;
    for (int j = 0; j < 4; ++j) {
        float w = inWeights[j];
        if (w <= 0.0) continue;
        skin += w * bones[pc.boneOffset + inJoints[j]];
        wsum += w;
    }
    if (wsum == 0.0) skin = mat4(1.0);

    vNormal = normalize(mat3(skin) * inNormal);
    vWeightSum = wsum;
    gl_Position = cam.viewProj * skin * vec4(pos, 1.0);
}
