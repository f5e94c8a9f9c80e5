#version 460
// Inline ray tracing (GL_EXT_ray_query) for shadow rays from a G-buffer.
#extension GL_EXT_ray_query : require

layout(local_size_x = 8, local_size_y = 8) in;

layout(set = 0, binding = 0) uniform accelerationStructureEXT tlas;
layout(set = 0, binding = 1, rgba32f) uniform readonly image2D positions;
layout(set = 0, binding = 2, rgba32f) uniform readonly image2D normals;
layout(set = 0, binding = 3, r32f) uniform writeonly image2D shadowMask;

layout(push_constant) uniform PC { vec4 lightDir; float tMax; } pc;

void main()
{
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    vec3 origin = imageLoad(positions, p).xyz;
    vec3 n = imageLoad(normals, p).xyz;

    rayQueryEXT rq;
    rayQueryInitializeEXT(rq, tlas, gl_RayFlagsTerminateOnFirstHitEXT | gl_RayFlagsOpaqueEXT, 0xff,
                          origin + n * 1e-3, 0.0, -pc.lightDir.xyz, pc.tMax);
    while (rayQueryProceedEXT(rq)) {
        if (rayQueryGetIntersectionTypeEXT(rq, false) == gl_RayQueryCandidateIntersectionTriangleEXT)
            rayQueryConfirmIntersectionEXT(rq);
    }
    bool hit = rayQueryGetIntersectionTypeEXT(rq, true) != gl_RayQueryCommittedIntersectionNoneEXT;
    float t = hit ? rayQueryGetIntersectionTEXT(rq, true) : pc.tMax;
    imageStore(shadowMask, p, vec4(hit ? t / pc.tMax : 1.0));
}
