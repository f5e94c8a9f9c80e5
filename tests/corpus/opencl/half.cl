// half precision: cl_khr_fp16 arithmetic, vload_half/vstore_half storage conversions with rounding modes.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

kernel void half_axpy(global const half *x, global half *y, const float alpha)
{
    size_t i = get_global_id(0);
    half a = (half)alpha;
    y[i] = a * x[i] + y[i];
}

kernel void half_vec(global const half4 *in, global half4 *out, global float *sums)
{
    size_t i = get_global_id(0);
    half4 v = in[i];
    half4 r = v * v - (half4)(0.5h, 0.25h, -1.0h, 2.0h);
    r = fmax(r, (half4)0.0h);
    out[i] = r;
    float4 wide = convert_float4(r);
    sums[i] = wide.x + wide.y + wide.z + wide.w;
}

kernel void pack_unpack(global const float *src, global half *dst, global float *roundtrip)
{
    size_t i = get_global_id(0);
    float4 f = vload4(i, src);
    vstore_half4_rte(f, i, dst);
    vstore_half_rtz(f.x * 3.0f, 4 * i, dst + 4 * get_global_size(0));
    float4 back = vload_half4(i, dst);
    vstore4(back - f, i, roundtrip);
}
