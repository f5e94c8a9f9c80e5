#version 450
// Attribute-less fullscreen triangle using gl_VertexIndex, plus instanced layer selection.

layout(location = 0) out vec2 vUV;
layout(location = 1) flat out uint vLayer;

const vec2 corners[3] = vec2[](vec2(-1.0, -1.0), vec2(3.0, -1.0), vec2(-1.0, 3.0));

void main()
{
    vec2 p = corners[gl_VertexIndex % 3];
    vUV = p * 0.5 + 0.5;
    vLayer = uint(gl_InstanceIndex);
    gl_Position = vec4(p, 0.0, 1.0);
}
