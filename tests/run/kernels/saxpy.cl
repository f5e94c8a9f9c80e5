// y[i] = alpha * x[i] + y[i] for i < n: by-value arguments (a float and a uint) beside buffers.
kernel void saxpy(float alpha, global const float *x, global float *y, uint n)
{
    size_t i = get_global_id(0);
    if (i < n)
        y[i] = alpha * x[i] + y[i];
}
