// Images: read_imagef/write_imagef/read_imagei/read_imageui with program-scope constant samplers,
// image queries and 2D/3D/1D-buffer images. (A sampler passed as a kernel argument is in
// image_sampler_arg.cl: mixing both kinds in one module makes llvm-spirv-15 crash at -O0 and emit
// a duplicate OpTypeSampler at -O2.)

constant sampler_t linearClamp = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;
constant sampler_t nearestNoNorm = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;

kernel void resize_bilinear(read_only image2d_t src, write_only image2d_t dst)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    int2 dsz = get_image_dim(dst);
    if (p.x >= dsz.x || p.y >= dsz.y) return;
    float2 uv = ((float2)(p.x, p.y) + 0.5f) / (float2)(dsz.x, dsz.y);
    float4 c = read_imagef(src, linearClamp, uv);
    write_imagef(dst, p, c);
}

kernel void int_images(read_only image2d_t labels, read_only image3d_t volume,
                       write_only image2d_t out, global uint *info)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    uint4 l = read_imageui(labels, nearestNoNorm, p);
    int4 v = read_imagei(volume, nearestNoNorm, (int4)(p, (int)(l.x & 3u), 0));
    write_imageui(out, p, (uint4)(l.x, (uint)v.x, (uint)v.y, 255u));
    if (p.x == 0 && p.y == 0) {
        info[0] = get_image_width(volume);
        info[1] = get_image_height(volume);
        info[2] = get_image_depth(volume);
        info[3] = get_image_channel_order(labels);
        info[4] = get_image_channel_data_type(labels);
    }
}

kernel void buffer_image(read_only image1d_buffer_t lut, global const uint *idx, global float4 *out)
{
    size_t i = get_global_id(0);
    out[i] = read_imagef(lut, (int)idx[i]) * (float)get_image_width(lut);
}
