#version 450
// Classic vertex transform: per-frame UBO, per-draw push constants, several varyings.

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec2 inUV;
layout(location = 3) in vec4 inTangent;
layout(location = 4) in vec4 inColor;

layout(set = 0, binding = 0, std140) uniform Frame {
    mat4 view;
    mat4 proj;
    vec4 clipPlane;
    float time;
} frame;

layout(push_constant) uniform Draw {
    mat4 model;
    vec4 tint;
} draw;

layout(location = 0) out vec3 outWorldPos;
layout(location = 1) out vec3 outNormal;
layout(location = 2) out vec2 outUV;
layout(location = 3) out mat3 outTBN;   // occupies locations 3..5
layout(location = 6) out vec4 outColor;
layout(location = 7) flat out int outInstance;

out gl_PerVertex {
    vec4 gl_Position;
    float gl_PointSize;
    float gl_ClipDistance[1];
};

void main()
{
    vec4 world = draw.model * vec4(inPosition, 1.0);
    mat3 normalMat = mat3(transpose(inverse(draw.model)));
    vec3 N = normalize(normalMat * inNormal);
    vec3 T = normalize(normalMat * inTangent.xyz);
    T = normalize(T - dot(T, N) * N);
    vec3 B = cross(N, T) * inTangent.w;

    outWorldPos = world.xyz;
    outNormal = N;
    outUV = inUV + vec2(sin(frame.time), 0.0) * 0.01;
    outTBN = mat3(T, B, N);
    outColor = inColor * draw.tint;
    outInstance = gl_InstanceIndex;

    gl_Position = frame.proj * frame.view * world;
    gl_PointSize = 1.0;
    gl_ClipDistance[0] = dot(world, frame.clipPlane);
}
