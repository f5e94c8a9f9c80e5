// Reads and writes the same buffer: data[i] += step[i]. Run with --repeat N, the result must still
// be one run's (docs/run.md: the buffers hold the results of one run), not N additions.
kernel void accumulate(global uint *data, global const uint *step)
{
    size_t i = get_global_id(0);
    data[i] += step[i];
}
