// Work-group tree reduction in __local memory with barriers; one partial sum per group,
// plus a min/max variant whose scratch arrays are passed as kernel arguments.
#define WG_SIZE 256

kernel __attribute__((reqd_work_group_size(WG_SIZE, 1, 1)))
void reduce_sum(global const float *in, global float *partial, const uint n)
{
    local float scratch[WG_SIZE];
    uint lid = get_local_id(0);
    uint gid = get_group_id(0) * (WG_SIZE * 2) + lid;

    float v = 0.0f;
    if (gid < n) v += in[gid];
    if (gid + WG_SIZE < n) v += in[gid + WG_SIZE];
    scratch[lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (uint s = WG_SIZE / 2; s > 0; s >>= 1) {
        if (lid < s)
            scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        partial[get_group_id(0)] = scratch[0];
}

kernel void reduce_minmax(global const int *in, global int2 *out, const uint n,
                          local int *mins, local int *maxs)
{
    uint lid = get_local_id(0);
    uint lsz = get_local_size(0);
    size_t gid = get_global_id(0);
    int v = gid < n ? in[gid] : in[0];
    mins[lid] = v;
    maxs[lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = lsz / 2; s > 0; s >>= 1) {
        if (lid < s) {
            mins[lid] = min(mins[lid], mins[lid + s]);
            maxs[lid] = max(maxs[lid], maxs[lid + s]);
        }
        barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    }
    if (lid == 0)
        out[get_group_id(0)] = (int2)(mins[0], maxs[0]);
}
