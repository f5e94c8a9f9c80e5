// 32-bit atomics on global and local memory: histogram, counters, compare-and-swap max on floats.

kernel void histogram256(global const uchar *data, const uint n, global uint *bins)
{
    local uint localBins[256];
    uint lid = get_local_id(0);
    for (uint b = lid; b < 256; b += get_local_size(0))
        localBins[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_inc(&localBins[data[i]]);
    barrier(CLK_LOCAL_MEM_FENCE);

    for (uint b = lid; b < 256; b += get_local_size(0)) {
        uint c = localBins[b];
        if (c)
            atomic_add(&bins[b], c);
    }
}

static void atomic_max_float(volatile global float *addr, float v)
{
    volatile global int *iaddr = (volatile global int *)addr;
    int old = *iaddr;
    while (as_float(old) < v) {
        int prev = atomic_cmpxchg(iaddr, old, as_int(v));
        if (prev == old)
            break;
        old = prev;
    }
}

kernel void stats(global const float *x, const uint n, volatile global float *maxOut,
                  volatile global int *counters)
{
    size_t i = get_global_id(0);
    if (i >= n)
        return;
    float v = x[i];
    atomic_max_float(maxOut, v);
    if (v < 0.0f)
        atomic_dec(&counters[0]);
    else
        atomic_inc(&counters[1]);
    atomic_min(&counters[2], (int)v);
    atomic_max(&counters[3], (int)v);
    atomic_or(&counters[4], 1 << (i & 31));
    atomic_and(&counters[5], ~(1 << (i & 31)));
    atomic_xor(&counters[6], (int)i);
    atomic_xchg(&counters[7], (int)i);
    atomic_sub(&counters[8], 2);
}
