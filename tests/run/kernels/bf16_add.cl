// c[i] = a[i] + b[i] on bf16 data held as ushort: widen to float (<< 16), add in float, round to
// bf16 to nearest even on the bits, NaN kept NaN (quieted).
//
// Unlike the Vulkan kernel (bf16_add.glsl) this adds in plain float: an OpenCL device that reports
// CL_FP_DENORM and CL_FP_INF_NAN in CL_DEVICE_SINGLE_FP_CONFIG must add subnormals, infinities
// and NaNs as IEEE 754 does (OpenCL C 1.2, 7.1 and 7.5; this is built without
// -cl-denorms-are-zero), and PoCL 3.1 on the CPU reports both (clinfo: "Denormals Yes",
// "Infinity and NANs Yes"), and keeps subnormals in practice too (test_run_bf16 checks every class
// bit for bit). So the result is IEEE binary32 addition followed by rounding to bf16.
uint f32_bits_to_bf16(uint u)
{
    if ((u & 0x7fffffffu) > 0x7f800000u)
        return (u >> 16) | 0x0040u;
    return (u + 0x7fffu + ((u >> 16) & 1u)) >> 16;
}

kernel void bf16_add(global const ushort *a, global const ushort *b, global ushort *c, uint n)
{
    size_t i = get_global_id(0);
    if (i >= n)
        return;
    float x = as_float((uint)a[i] << 16);
    float y = as_float((uint)b[i] << 16);
    c[i] = (ushort)f32_bits_to_bf16(as_uint(x + y));
}
