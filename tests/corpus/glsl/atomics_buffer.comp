#version 450
// Buffer atomics: add/min/max/and/or/xor/exchange/compSwap, a spin-free lock-free linked list
// insertion and a work-queue counter.

layout(local_size_x = 64) in;

struct Node {
    uint value;
    uint next;
};

layout(std430, binding = 0) buffer Atomics {
    uint counter;
    int minValue;
    int maxValue;
    uint andMask;
    uint orMask;
    uint xorMask;
    uint lastWriter;
    uint head;
} at;

layout(std430, binding = 1) buffer Nodes { Node nodes[]; };
layout(std430, binding = 2) readonly buffer Inputs { int inputs[]; };

const uint NIL = 0xffffffffu;

void main()
{
    uint gid = gl_GlobalInvocationID.x;
    int v = inputs[gid];

    uint slot = atomicAdd(at.counter, 1u);
    atomicMin(at.minValue, v);
    atomicMax(at.maxValue, v);
    atomicAnd(at.andMask, uint(v) | 0xff000000u);
    atomicOr(at.orMask, 1u << (gid & 31u));
    atomicXor(at.xorMask, uint(v));
    atomicExchange(at.lastWriter, gid);

    nodes[slot].value = uint(v);
    uint oldHead = at.head;
    for (int attempt = 0; attempt < 64; ++attempt) {
        nodes[slot].next = oldHead;
        memoryBarrierBuffer();
        uint seen = atomicCompSwap(at.head, oldHead, slot);
        if (seen == oldHead) break;
        oldHead = seen;
    }
}
