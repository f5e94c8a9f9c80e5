// y = alpha * x + y with a grid-stride loop; a second kernel uses restrict and mad().
kernel void saxpy(const float alpha, global const float *x, global float *y, const uint n)
{
    for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
        y[i] = alpha * x[i] + y[i];
}

kernel void saxpy_mad(const float alpha, global const float *restrict x,
                      global float *restrict y, const uint n)
{
    size_t i = get_global_id(0);
    if (i < n)
        y[i] = mad(alpha, x[i], y[i]);
}
