#version 450
// A little bytecode interpreter: switch with fallthrough, default in the middle, nested switch.

layout(local_size_x = 32) in;

layout(std430, binding = 0) readonly buffer Program { uint code[]; };
layout(std430, binding = 1) buffer Stack { int results[]; };

layout(push_constant) uniform PC { uint codeLength; } pc;

int applyUnary(uint op, int v)
{
    switch (op) {
    case 0u: return -v;
    case 1u: return ~v;
    case 2u: return abs(v);
    default: return v;
    }
}

void main()
{
    int acc = int(gl_GlobalInvocationID.x);
    int aux = 1;
    for (uint pcIdx = 0u; pcIdx < pc.codeLength; ++pcIdx) {
        uint instr = code[pcIdx];
        uint opcode = instr & 0xffu;
        int imm = int(instr >> 8);
        switch (opcode) {
        case 1u:
            acc += imm;
            break;
        case 2u:
            acc -= imm;
            break;
        case 3u:
        case 4u:
            acc *= (opcode == 3u) ? imm : -imm;
            break;
        default:
            aux ^= int(opcode);
            // fallthrough into case 5
        case 5u:
            acc = applyUnary(uint(imm) & 3u, acc);
            break;
        case 6u:
            switch (imm & 3) {
            case 0: acc <<= 1; break;
            case 1: acc >>= 1; break;
            case 2: acc = acc & aux; break;
            case 3: acc = acc | aux; break;
            }
            break;
        case 255u:
            pcIdx = pc.codeLength; // halt
            break;
        }
    }
    results[gl_GlobalInvocationID.x] = acc + aux;
}
