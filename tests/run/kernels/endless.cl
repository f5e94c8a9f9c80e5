// A kernel that never finishes (for --timeout): it spins while flag[0] is 0, which nothing
// changes, counting in flag[1] so that the loop has an effect no compiler may drop.
// Argument 0: flag (two uints: give 0,0).
__kernel void endless(__global volatile uint *flag)
{
    while (flag[0] == 0u)
        flag[1] += 1u;
}
