#version 450
// Descriptor indexing: runtime-sized arrays of buffers and storage images indexed non-uniformly.
#extension GL_EXT_nonuniform_qualifier : require

layout(local_size_x = 64) in;

layout(std430, set = 0, binding = 0) readonly buffer Materials { vec4 params[]; } materials[];
layout(set = 1, binding = 0, rgba32f) uniform readonly image2D textures[];
layout(set = 1, binding = 1) uniform sampler2D samplers[16];
layout(std430, set = 2, binding = 0) readonly buffer Indices { uint materialIndex[]; };
layout(std430, set = 2, binding = 1) writeonly buffer Out { vec4 colors[]; };

void main()
{
    uint i = gl_GlobalInvocationID.x;
    uint m = materialIndex[i];
    vec4 p = materials[nonuniformEXT(m)].params[i & 7u];
    vec4 t = imageLoad(textures[nonuniformEXT(m)], ivec2(i & 15u, i >> 4));
    vec4 s = textureLod(samplers[nonuniformEXT(m & 15u)], p.xy, 0.0);
    colors[i] = p * t + s;
}
