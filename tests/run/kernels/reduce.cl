// Per work-group sums of in[], through __local memory with barriers: out[group] = the sum of the
// group's get_local_size(0) elements (a power of two). scratch holds one uint per work-item; its
// size comes from the command line (--buffer 2=zeros:N:u32: only the size counts).
kernel void reduce(global const uint *in, global uint *out, local uint *scratch)
{
    size_t l = get_local_id(0);
    scratch[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t stride = get_local_size(0) / 2; stride > 0; stride /= 2) {
        if (l < stride)
            scratch[l] += scratch[l + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        out[get_group_id(0)] = scratch[0];
}
