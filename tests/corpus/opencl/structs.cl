// Structs passed by pointer (global, private and by value), nested structs, arrays in structs,
// packed/aligned attributes and struct copies.

typedef struct {
    float x, y, z;
} Vec3;

typedef struct {
    Vec3 pos;
    Vec3 vel;
    float mass;
    int id;
} Body;

typedef struct __attribute__((packed)) {
    char tag;
    int value;
    short extra;
} Packed;

typedef struct __attribute__((aligned(16))) {
    float m[4][4];
    uint flags;
} Transform;

static Vec3 vsub(const Vec3 *a, const Vec3 *b)
{
    Vec3 r = { a->x - b->x, a->y - b->y, a->z - b->z };
    return r;
}

static void integrate(Body *b, Vec3 force, float dt)
{
    float inv = 1.0f / b->mass;
    b->vel.x += force.x * inv * dt;
    b->vel.y += force.y * inv * dt;
    b->vel.z += force.z * inv * dt;
    b->pos.x += b->vel.x * dt;
    b->pos.y += b->vel.y * dt;
    b->pos.z += b->vel.z * dt;
}

kernel void nbody_step(global Body *bodies, const int n, const float dt)
{
    int i = get_global_id(0);
    if (i >= n) return;
    Body me = bodies[i];
    Vec3 f;
    f.x = f.y = f.z = 0.0f;   /* not an aggregate initializer: llvm-spirv-15 would make it a constant global */
    for (int j = 0; j < n; ++j) {
        if (j == i) continue;
        Body other = bodies[j];
        Vec3 d = vsub(&other.pos, &me.pos);
        float r2 = d.x * d.x + d.y * d.y + d.z * d.z + 1e-3f;
        float s = other.mass * rsqrt(r2 * r2 * r2);
        f.x += d.x * s;
        f.y += d.y * s;
        f.z += d.z * s;
    }
    integrate(&me, f, dt);
    barrier(CLK_GLOBAL_MEM_FENCE);
    bodies[i] = me;
}

kernel void apply_transform(global const Transform *xf, global float4 *pts, global Packed *tags)
{
    size_t i = get_global_id(0);
    float4 p = pts[i];
    float4 r;
    r.x = xf->m[0][0] * p.x + xf->m[0][1] * p.y + xf->m[0][2] * p.z + xf->m[0][3] * p.w;
    r.y = xf->m[1][0] * p.x + xf->m[1][1] * p.y + xf->m[1][2] * p.z + xf->m[1][3] * p.w;
    r.z = xf->m[2][0] * p.x + xf->m[2][1] * p.y + xf->m[2][2] * p.z + xf->m[2][3] * p.w;
    r.w = (xf->flags & 1u) ? 1.0f : p.w;
    pts[i] = r;
    Packed t = tags[i];
    t.value += t.tag;
    t.extra = (short)(t.value >> 3);
    tags[i] = t;
}
