// Vector types: float4/int8/uchar16/short2 arithmetic, swizzles, shuffle, select, conversions
// with saturation and rounding, vload/vstore and as_type reinterpretation.

kernel void vec_ops(global const float4 *a, global const float4 *b, global float4 *c,
                    global int8 *ints, global uchar16 *bytes, global short2 *shorts)
{
    size_t i = get_global_id(0);
    float4 x = a[i];
    float4 y = b[i];

    float4 s = x.wzyx * y.xxyy + (float4)(1.0f, 2.0f, 3.0f, 4.0f);
    s.xy = s.yx;
    s.hi = x.lo * y.odd + x.even;
    float4 m = select(x, y, isgreater(x, y));
    float d = dot(x, y) + length(x.xyz) + distance(x, y);
    float4 cr = cross(x, y);
    c[i] = s + m + cr + (float4)(d);

    int8 v = ints[i];
    int8 w = (int8)(1, -2, 3, -4, 5, -6, 7, -8);
    int8 r = v * w + (v >> 2) - (v & w) + as_int8(abs_diff(v, w)).s76543210 + rotate(v, (int8)3);
    r = clamp(r, (int8)(-1000), (int8)(1000));
    ints[i] = shuffle(r, (uint8)(7, 6, 5, 4, 3, 2, 1, 0));

    uchar16 bb = bytes[i];
    uchar16 sat = add_sat(bb, (uchar16)(200));
    uchar16 hadded = hadd(bb, sat);
    bytes[i] = hadded ^ (uchar16)(0x5a);

    short2 sh = convert_short2_sat_rte(x.xy * 40000.0f);
    short2 mix2 = shuffle2(sh, shorts[i], (ushort2)(0, 3));
    shorts[i] = mix2 + as_short2(convert_int_sat(y.w));
}

kernel void soa_to_aos(global const float *xs, global const float *ys, global const float *zs,
                       global float *xyz)
{
    size_t i = get_global_id(0);
    float3 p = (float3)(xs[i], ys[i], zs[i]);
    vstore3(normalize(p), i, xyz);
    float4 q = vload4(0, xs + 4 * (i / 4));
    int4 rounded = convert_int4_rtn(q * 10.0f);
    xyz[3 * get_global_size(0) + i] = (float)(rounded.x + rounded.y + rounded.z + rounded.w);
}
