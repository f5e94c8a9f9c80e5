#version 450
// for/while/do-while loops with break and continue, nested ifs and early returns.

layout(local_size_x = 64) in;

layout(std430, binding = 0) buffer Data { int values[]; };
layout(std430, binding = 1) writeonly buffer Out { ivec4 stats[]; };

layout(push_constant) uniform PC { int n; int limit; } pc;

void main()
{
    uint gid = gl_GlobalInvocationID.x;
    int positives = 0;
    int negatives = 0;
    int zeros = 0;
    int firstBig = -1;

    for (int i = 0; i < pc.n; ++i) {
        int v = values[i];
        if (v == 0) {
            zeros++;
            continue;
        }
        if (v > 0) {
            if (v > pc.limit) {
                if (firstBig < 0) {
                    firstBig = i;
                } else if (i - firstBig > 16) {
                    break;
                }
            } else {
                positives++;
            }
        } else {
            negatives++;
            if (negatives > 1000) break;
        }
    }

    // Collatz-style while loop with a safety cap.
    uint x = gid + 1u;
    int steps = 0;
    while (x != 1u) {
        if (steps >= 500) break;
        x = (x & 1u) != 0u ? 3u * x + 1u : x / 2u;
        steps++;
    }

    // do-while with continue
    int j = 0;
    int oddSum = 0;
    do {
        j++;
        if ((j & 1) == 0) continue;
        oddSum += j;
    } while (j < 10);

    // nested loops with labelled-style escape via flag
    bool found = false;
    for (int a = 0; a < 8 && !found; ++a) {
        for (int b = 0; b < 8; ++b) {
            if (a * b == int(gid % 49u)) { found = true; break; }
        }
    }

    stats[gid] = ivec4(positives, negatives, zeros + oddSum, found ? firstBig : steps);
}
