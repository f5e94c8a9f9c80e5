// Control flow: switch with fallthrough and default, nested loops with break/continue,
// do-while, early return, ternaries, goto-free state machine.

typedef enum { ST_IDLE = 0, ST_NUMBER = 1, ST_IDENT = 2, ST_SPACE = 3, ST_ERROR = 4 } State;

static int classify(uchar ch)
{
    /* A bit test and ranges rather than a multi-label switch: at -O2 such a switch (or an == chain)
       becomes a phi with one incoming edge per case label, and llvm-spirv-15 copies those
       duplicate (value, parent) pairs into OpPhi, which is invalid SPIR-V. */
    if (ch <= ' ' && ((0x100002600ul >> ch) & 1ul))   /* ' ', '\t', '\n', '\r' */
        return ST_SPACE;
    if (ch >= '0' && ch <= '9')
        return ST_NUMBER;
    if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_')
        return ST_IDENT;
    return ST_ERROR;
}

kernel void tokenize(global const uchar *text, const uint len, global uint *counts)
{
    size_t line = get_global_id(0);
    uint start = line * 64;
    if (start >= len)
        return;
    /* Scalar counters, not a zero-initialised private array: llvm-spirv-15 lowers the memset of
       such an array to a copy from a UniformConstant variable that it leaves out of the
       entry point's interface list (invalid in SPIR-V 1.4). */
    uint numbers = 0, idents = 0, spaces = 0, errors = 0;
    int state = ST_IDLE;
    for (uint k = start; k < min(start + 64, len); ++k) {
        int cls = classify(text[k]);
        if (cls == state)
            continue;
        switch (state) {
        case ST_NUMBER:
            numbers++;
            break;
        case ST_IDENT:
            idents += 1 + (cls == ST_NUMBER);
            break;
        case ST_ERROR:
            errors++;
            /* fallthrough */
        case ST_SPACE:
            spaces += (cls == ST_SPACE) ? 0 : 1;
            break;
        default:
            break;
        }
        if (errors > 8)
            break;
        state = cls;
    }
    counts[line * 4 + 0] = numbers;
    counts[line * 4 + 1] = idents;
    counts[line * 4 + 2] = spaces;
    counts[line * 4 + 3] = errors;
}

kernel void search(global const int *haystack, const int n, global const int *needles, global int *pos)
{
    size_t q = get_global_id(0);
    int needle = needles[q];
    int found = -1;
    int lo = 0, hi = n - 1;
    do {
        int mid = (lo + hi) / 2;
        int v = haystack[mid];
        if (v == needle) { found = mid; break; }
        else if (v < needle) lo = mid + 1;
        else hi = mid - 1;
    } while (lo <= hi);

    // linear probe for the first equal element
    while (found > 0 && haystack[found - 1] == needle)
        --found;

    for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < 4; ++j) {
            if (j == i) continue;
            if (i * j > 6) goto done;
            found += (i ^ j) & 1 ? 0 : 0;
        }
    }
done:
    pos[q] = found;
}
