// Tiled SGEMM with __local tiles, 2-D work-groups and per-thread 1x4 register blocking.
#define TS 16
#define WPT 4

kernel __attribute__((reqd_work_group_size(TS, TS / WPT, 1)))
void sgemm_tiled(const int M, const int N, const int K,
                 global const float *A, global const float *B, global float *C)
{
    const int row = get_local_id(0);
    const int col = get_local_id(1);
    const int globalRow = TS * get_group_id(0) + row;
    const int globalCol = TS * get_group_id(1) + col;

    local float Asub[TS][TS];
    local float Bsub[TS][TS];

    float acc[WPT];
    for (int w = 0; w < WPT; ++w)
        acc[w] = 0.0f;

    const int numTiles = (K + TS - 1) / TS;
    for (int t = 0; t < numTiles; ++t) {
        for (int w = 0; w < WPT; ++w) {
            const int tiledRow = TS * t + row;
            const int tiledCol = TS * t + col + w * (TS / WPT);
            Asub[col + w * (TS / WPT)][row] = (tiledCol < K && globalRow < M) ? A[tiledCol * M + globalRow] : 0.0f;
            Bsub[col + w * (TS / WPT)][row] = (tiledRow < K && globalCol + w * (TS / WPT) < N)
                                                  ? B[(globalCol + w * (TS / WPT)) * K + tiledRow] : 0.0f;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TS; ++k)
            for (int w = 0; w < WPT; ++w)
                acc[w] = mad(Asub[k][row], Bsub[col + w * (TS / WPT)][k], acc[w]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    for (int w = 0; w < WPT; ++w)
        if (globalRow < M && globalCol + w * (TS / WPT) < N)
            C[(globalCol + w * (TS / WPT)) * M + globalRow] = acc[w];
}
