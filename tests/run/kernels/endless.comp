// A kernel that never finishes (for --timeout): it spins while flag.stop is 0, which nothing
// changes, counting in flag.spins so that the loop has an effect no compiler may drop. Three
// loops deep, since lavapipe ends any one loop after 65535 iterations (llvmpipe's
// LP_MAX_TGSI_LOOP_ITERATIONS): 65535^3 iterations take days.
// Binding 0.0 flag (two uints: give 0,0).
#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) coherent buffer Flag { uint stop; uint spins; } flag;
void main()
{
    while (flag.stop == 0u)
        while (flag.stop == 0u)
            while (flag.stop == 0u)
                flag.spins += 1u;
}
