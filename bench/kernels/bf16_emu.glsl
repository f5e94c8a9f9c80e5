// bf16 emulated in integer arithmetic (shared by bf16_emu_add.comp and bf16_emu_add8.comp).
// A bf16 is the top half of an f32: widen with << 16, add in f32, round the f32 sum to bf16 to
// nearest even on its bits. NaN stays NaN (the quiet bit is set so that rounding cannot carry a
// NaN into infinity). The f32 adder's own handling of subnormals is the device's (Vulkan lets it
// flush them); the benchmark does not depend on it.

// f32 bits -> bf16 bits (in the low 16 bits), round to nearest even.
uint f32_bits_to_bf16(uint u)
{
    if ((u & 0x7fffffffu) > 0x7f800000u)
        return (u >> 16) | 0x0040u;
    return (u + 0x7fffu + ((u >> 16) & 1u)) >> 16;
}

// Two bf16 in a uint (element 2k in the low half, as little-endian u16 data lands) added to two
// others: both halves widened, added and rounded.
uint bf16x2_add(uint x, uint y)
{
    float lo = uintBitsToFloat(x << 16) + uintBitsToFloat(y << 16);
    float hi = uintBitsToFloat(x & 0xffff0000u) + uintBitsToFloat(y & 0xffff0000u);
    return f32_bits_to_bf16(floatBitsToUint(lo)) | (f32_bits_to_bf16(floatBitsToUint(hi)) << 16);
}
