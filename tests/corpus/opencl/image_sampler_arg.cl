// Sobel edge detection reading through a sampler passed as a kernel argument, plus a
// separable blur using the same sampler on a float image with float coordinates.

kernel void sobel(read_only image2d_t src, write_only image2d_t dst, sampler_t smp)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float gx = 0.0f, gy = 0.0f;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            float l = read_imagef(src, smp, p + (int2)(dx, dy)).x;
            gx += (float)(dx * (2 - dy * dy)) * l;
            gy += (float)(dy * (2 - dx * dx)) * l;
        }
    write_imagef(dst, p, (float4)(hypot(gx, gy), gx, gy, 1.0f));
}

kernel void blur_h(read_only image2d_t src, write_only image2d_t dst, sampler_t smp, const int radius)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float4 acc = (float4)(0.0f);
    for (int d = -radius; d <= radius; ++d)
        acc += read_imagef(src, smp, (float2)((float)(p.x + d) + 0.5f, (float)p.y + 0.5f));
    write_imagef(dst, p, acc / (float)(2 * radius + 1));
}
