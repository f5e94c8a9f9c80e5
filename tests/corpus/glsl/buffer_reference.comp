#version 450
// GL_EXT_buffer_reference: physical storage buffer pointers walked as a linked structure.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(local_size_x = 32) in;

layout(buffer_reference) buffer ListNode;

layout(buffer_reference, std430, buffer_reference_align = 16) buffer Vec4Buf {
    vec4 v[];
};

layout(buffer_reference, std430, buffer_reference_align = 8) buffer ListNode {
    ListNode next;
    float payload;
    uint id;
};

layout(push_constant) uniform PC {
    Vec4Buf src;
    Vec4Buf dst;
    ListNode list;
    uint count;
} pc;

void main()
{
    uint i = gl_GlobalInvocationID.x;
    if (i >= pc.count) return;
    vec4 x = pc.src.v[i];

    float sum = 0.0;
    ListNode n = pc.list;
    for (int hops = 0; hops < 8; ++hops) {
        if (uint64_t(n) == 0UL) break;
        sum += n.payload;
        n = n.next;
    }
    Vec4Buf out_ = Vec4Buf(uint64_t(pc.dst) + uint64_t(i) * 16UL);
    out_.v[0] = x * sum;
}
