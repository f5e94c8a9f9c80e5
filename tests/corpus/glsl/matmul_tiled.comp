#version 450
// Tiled SGEMM: C[M x N] = A[M x K] * B[K x N], row-major, TILE x TILE tiles in shared memory.
// The tile size is a specialization constant that also sizes the workgroup.

layout(constant_id = 0) const uint TILE = 16;
layout(local_size_x_id = 0, local_size_y_id = 0, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) readonly buffer MatA { float A[]; };
layout(std430, set = 0, binding = 1) readonly buffer MatB { float B[]; };
layout(std430, set = 0, binding = 2) writeonly buffer MatC { float C[]; };

layout(push_constant) uniform Dims {
    uint M;
    uint N;
    uint K;
} dims;

shared float tileA[TILE][TILE];
shared float tileB[TILE][TILE];

void main()
{
    uint row = gl_GlobalInvocationID.y;
    uint col = gl_GlobalInvocationID.x;
    uint ty = gl_LocalInvocationID.y;
    uint tx = gl_LocalInvocationID.x;

    float acc = 0.0;
    uint numTiles = (dims.K + TILE - 1u) / TILE;
    for (uint t = 0u; t < numTiles; ++t) {
        uint aCol = t * TILE + tx;
        uint bRow = t * TILE + ty;
        tileA[ty][tx] = (row < dims.M && aCol < dims.K) ? A[row * dims.K + aCol] : 0.0;
        tileB[ty][tx] = (bRow < dims.K && col < dims.N) ? B[bRow * dims.N + col] : 0.0;
        barrier();

        for (uint k = 0u; k < TILE; ++k) {
            acc += tileA[ty][k] * tileB[k][tx];
        }
        barrier();
    }

    if (row < dims.M && col < dims.N)
        C[row * dims.N + col] = acc;
}
