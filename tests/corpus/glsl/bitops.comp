#version 450
// Integer bit manipulation: bitfield insert/extract/reverse, bitCount, findLSB/MSB, carry/borrow
// arithmetic, extended multiplies and packing.

layout(local_size_x = 64) in;

layout(std430, binding = 0) readonly buffer In { uvec4 words[]; };
layout(std430, binding = 1) writeonly buffer Out { uvec4 outWords[]; };
layout(std430, binding = 2) writeonly buffer OutS { ivec4 outSigned[]; };

void main()
{
    uint i = gl_GlobalInvocationID.x;
    uvec4 w = words[i];

    uint ex = bitfieldExtract(w.x, 4, 12);
    int sx = bitfieldExtract(int(w.y), 3, 9);
    uint ins = bitfieldInsert(w.z, w.w, 8, 8);
    uint rev = bitfieldReverse(w.x);
    int cnt = bitCount(w.y);
    int lsb = findLSB(w.z);
    int msb = findMSB(w.w);

    uint carry, borrow;
    uint sum = uaddCarry(w.x, w.y, carry);
    uint diff = usubBorrow(w.z, w.w, borrow);
    uint hi, lo;
    umulExtended(w.x, w.y, hi, lo);
    int shi, slo;
    imulExtended(int(w.z), int(w.w), shi, slo);

    uint rot = (w.x << 7) | (w.x >> 25);
    uint mix = (w.y & ~w.z) | (w.z & w.w) ^ 0xdeadbeefu;
    bool neg = (int(w.w) < 0);

    outWords[i] = uvec4(ex ^ ins ^ rev, sum + carry, diff - borrow, hi ^ lo ^ rot ^ mix);
    outSigned[i] = ivec4(sx, cnt + lsb + msb, shi ^ slo, neg ? -1 : 1);
}
