#version 450
// Particle integration over a runtime array of structs, with nested structs and a counter buffer.

struct Particle {
    vec4 position;   // xyz + mass in w
    vec4 velocity;   // xyz + age in w
    uint flags;
    float lifetime;
    vec2 pad;
};

struct Emitter {
    vec3 origin;
    float spread;
};

layout(std430, binding = 0) buffer Particles { Particle particles[]; };
layout(std430, binding = 1) buffer Counters { uint alive; uint dead; uint emitted; } counters;
layout(std430, binding = 2) readonly buffer Emitters { uint emitterCount; Emitter emitters[]; };

layout(push_constant) uniform Sim {
    vec3 gravity;
    float dt;
    uint particleCount;
} sim;

layout(local_size_x = 256) in;

const uint FLAG_ALIVE = 1u;
const uint FLAG_BOUNCE = 2u;

void main()
{
    uint id = gl_GlobalInvocationID.x;
    if (id >= sim.particleCount) return;

    Particle p = particles[id];
    if ((p.flags & FLAG_ALIVE) == 0u) {
        uint e = id % max(emitterCount, 1u);
        p.position = vec4(emitters[e].origin, 1.0);
        p.velocity = vec4(0.0, emitters[e].spread, 0.0, 0.0);
        p.flags |= FLAG_ALIVE;
        atomicAdd(counters.emitted, 1u);
    }

    p.velocity.xyz += sim.gravity * sim.dt;
    p.position.xyz += p.velocity.xyz * sim.dt;
    p.velocity.w += sim.dt;

    if (p.position.y < 0.0 && (p.flags & FLAG_BOUNCE) != 0u) {
        p.position.y = -p.position.y;
        p.velocity.y = -0.8 * p.velocity.y;
    }

    if (p.velocity.w > p.lifetime) {
        p.flags &= ~FLAG_ALIVE;
        atomicAdd(counters.dead, 1u);
    } else {
        atomicAdd(counters.alive, 1u);
    }
    particles[id] = p;
}
