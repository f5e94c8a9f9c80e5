// A kernel whose work-group size is fixed in the module (reqd_work_group_size: LocalSize 8 1 1):
// out[i] = get_local_size(0) * 100 + get_local_id(0).
__attribute__((reqd_work_group_size(8, 1, 1)))
kernel void fixed_local(global uint *out)
{
    size_t i = get_global_id(0);
    out[i] = (uint)(get_local_size(0) * 100 + get_local_id(0));
}
