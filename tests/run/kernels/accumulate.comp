// Reads and writes the same buffer: data[i] += step[i]. Run with --repeat N, the result must still
// be one run's (docs/run.md: the buffers hold the results of one run), not N additions.
// Bindings 0.0 data (read and written), 0.1 step (read).
#version 450
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) buffer Data { uint data[]; };
layout(set = 0, binding = 1) readonly buffer Step { uint step[]; };
void main()
{
    uint i = gl_GlobalInvocationID.x;
    if (i < uint(data.length()))
        data[i] += step[i];
}
