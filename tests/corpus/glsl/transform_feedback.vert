#version 450
// Transform feedback capture: loose outputs and a block, with xfb_buffer/xfb_offset/xfb_stride
// (glslang decorates the loose outputs' variables with Offset, XfbBuffer and XfbStride).

layout(location = 0) in vec3 position;
layout(location = 1) in vec3 velocity;

layout(location = 0, xfb_buffer = 0, xfb_offset = 0, xfb_stride = 32) out vec4 captured_position;
layout(location = 1, xfb_buffer = 0, xfb_offset = 16) out float captured_speed;
layout(location = 2, xfb_buffer = 1, xfb_stride = 16) out Particle {
    layout(xfb_offset = 0) vec3 direction;
    layout(xfb_offset = 12) float age;
} particle;

void main()
{
    vec4 p = vec4(position + velocity * 0.016, 1.0);
    captured_position = p;
    captured_speed = length(velocity);
    particle.direction = normalize(velocity);
    particle.age = 1.0;
    gl_Position = p;
}
