// Dispatch overhead: a workgroup that does nothing (bench/run_kernels.sh runs one workgroup).
#version 450
layout(local_size_x = 256) in;
void main()
{
}
