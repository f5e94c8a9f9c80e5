#!/usr/bin/env python3
"""Inputs, references and checks for tests/gpu/run_gpu.sh (Python standard library only).

  check.py conv-input KIND SET          the --buffer source of the conversion cases
  check.py conv-expect KIND SET         the --expect source: f32->bf16 rounded to nearest even,
                                        bf16->f32 exact
  check.py conv-classify KIND IN OUT [--require-rne] [--summary-only] [--preserve]
                                        classifies each output (raw dumps IN and OUT) against
                                        what Vulkan allows; exit 1 if one is not allowed (with
                                        --require-rne: not exactly round-to-nearest-even)
  check.py coop-input DIR SEED positive|signed
                                        writes DIR/A.bf16, DIR/B.bf16 (256 bf16 each), DIR/C.f32
                                        and DIR/ref.f64 (D = A x B + C in f64), prints nothing
  check.py coop-expect DIR              the --expect source: the reference rounded to f32
  check.py coop-check DIR D             checks D (raw f32 dump) against the reference

KIND is f32_to_bf16 or bf16_to_f32. SET is
  cases     every case;
  finite    the cases whose allowed results lie within 1 ulp of the round-to-nearest-even result,
            so that `--expect ... --ulp 1` can check them: finite inputs only (without the
            SignedZeroInfNanPreserve execution mode Vulkan lets a device assume that operands
            are not NaN or infinite), no subnormal inputs (which Vulkan lets a device flush to
            zero), and no f32 values that round to nearest even to infinity (where the other
            allowed result is the largest finite bf16);
  preserve  finite plus the infinities and NaNs, which a module with SignedZeroInfNanPreserve must
            keep.
conv-classify allows any result for a NaN or infinite input unless --preserve is given (then NaN
must stay NaN and an infinity must stay the same infinity); it labels each result and prints what
the conversion did: the rounding of the inexact cases, the subnormal inputs, the NaNs.
"""
import math
import random
import struct
import sys

# ---- bf16 and f32 bits ----


def f32_bits(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]


def f32_value(u):
    return struct.unpack('<f', struct.pack('<I', u & 0xffffffff))[0]


def bf16_value(h):
    return f32_value((h & 0xffff) << 16)


def f32_is_nan(u):
    return (u & 0x7fffffff) > 0x7f800000


def bf16_is_nan(h):
    return (h & 0x7fff) > 0x7f80


def rne(u):
    """f32 bits -> bf16 bits, round to nearest even; NaN stays NaN (quiet bit set)."""
    if f32_is_nan(u):
        return (u >> 16) | 0x40
    return ((u + 0x7fff + ((u >> 16) & 1)) >> 16) & 0xffff


def rtz(u):
    """f32 bits -> bf16 bits, toward zero (truncation; NaN excepted)."""
    return u >> 16


def bf16_from_double(x):
    """Nearest-even bf16 bits of a double (via f32: exact for values drawn with few bits)."""
    return rne(f32_bits(x))


def fmt(x):
    if math.isnan(x):
        return 'nan'
    if math.isinf(x):
        return 'inf' if x > 0 else '-inf'
    return repr(x)


# ---- Conversion cases ----
# (f32 bits, what the case is)
F32_CASES = [
    (0x3f800000, '1 (exact)'),
    (0xc0200000, '-2.5 (exact)'),
    (0x00000000, '+0'),
    (0x80000000, '-0'),
    (0x7f7f0000, 'largest finite bf16 (exact)'),
    (0x00800000, 'smallest normal (exact)'),
    (0x3f808000, 'tie 1 + 2^-8: even is below'),
    (0x3f818000, 'tie: even is above'),
    (0xbf818000, 'tie, negative: even is above in magnitude'),
    (0x3f808001, 'just above a tie'),
    (0x3f807fff, 'just below a tie'),
    (0x3f817fff, 'just below a tie, odd below'),
    (0x3f80ffff, 'just below the upper neighbour'),
    (0x3f7fffff, 'just below 1'),
    (0xbf7fffff, 'just above -1'),
    (0x3dcccccd, '0.1'),
    (0x402df854, 'e'),
    (0x40490fdb, 'pi'),
    (0x7effffff, 'large, rounds up to a power of two'),
    (0x7f7f7fff, 'below the largest finite bf16 + half an ulp'),
    (0x7f7f8000, 'tie between the largest finite bf16 and 2^128: overflow'),
    (0x7f7fffff, 'largest finite f32: overflow'),
    (0xff7fffff, 'most negative finite f32: overflow'),
    (0x00000001, 'subnormal: smallest f32'),
    (0x00010000, 'subnormal: smallest bf16 (exact)'),
    (0x00018000, 'subnormal: tie, even is above'),
    (0x0001c000, 'subnormal: above a tie'),
    (0x00400000, 'subnormal: 2^-127 (exact)'),
    (0x007fffff, 'subnormal: largest f32 subnormal'),
    (0x80018000, 'subnormal, negative: tie'),
    (0x807fffff, 'subnormal, negative: largest'),
    (0x7f800000, '+inf'),
    (0xff800000, '-inf'),
    (0x7fc00000, 'quiet NaN'),
    (0xffc00000, 'negative quiet NaN'),
    (0x7f800001, 'signalling NaN, payload in the low bits only'),
    (0x7fa00000, 'signalling NaN'),
    (0x7fffffff, 'NaN, all ones'),
]

BF16_CASES = [
    (0x3f80, '1'),
    (0xc020, '-2.5'),
    (0x3dcd, '0.1 rounded'),
    (0x0000, '+0'),
    (0x8000, '-0'),
    (0x7f7f, 'largest finite'),
    (0xff7f, 'most negative finite'),
    (0x0080, 'smallest normal'),
    (0x0001, 'subnormal: smallest'),
    (0x0040, 'subnormal: 2^-127'),
    (0x007f, 'subnormal: largest'),
    (0x8001, 'subnormal, negative'),
    (0x7f80, '+inf'),
    (0xff80, '-inf'),
    (0x7fc0, 'quiet NaN'),
    (0xffc0, 'negative quiet NaN'),
    (0x7f81, 'signalling NaN'),
]


def f32_subnormal(u):
    return (u & 0x7f800000) == 0 and (u & 0x7fffff) != 0


def bf16_subnormal(h):
    return (h & 0x7f80) == 0 and (h & 0x7f) != 0


def in_set(kind, bits, which):
    if which == 'cases':
        return True
    if kind == 'f32_to_bf16':
        if (bits & 0x7fffffff) >= 0x7f800000:  # NaN or infinity
            return which == 'preserve'
        return not f32_subnormal(bits) and (rne(bits) & 0x7fff) != 0x7f80
    if (bits & 0x7fff) >= 0x7f80:
        return which == 'preserve'
    return not bf16_subnormal(bits)


def cases(kind, which):
    if which not in ('cases', 'finite', 'preserve'):
        raise SystemExit('check.py: unknown set %s' % which)
    table = F32_CASES if kind == 'f32_to_bf16' else BF16_CASES
    return [c for c in table if in_set(kind, c[0], which)]


def conv_input(kind, which):
    cs = cases(kind, which)
    if kind == 'f32_to_bf16':
        return 'u32:' + ','.join('0x%08x' % b for b, _ in cs)
    return 'u16:' + ','.join('0x%04x' % b for b, _ in cs)


def conv_expect(kind, which):
    cs = cases(kind, which)
    if kind == 'f32_to_bf16':
        return 'bf16:' + ','.join(fmt(bf16_value(rne(b))) for b, _ in cs)
    return 'f32:' + ','.join(fmt(bf16_value(b)) for b, _ in cs)


def classify_f32_to_bf16(u, y, preserve):
    """(allowed, label) for input f32 bits u and output bf16 bits y."""
    if f32_is_nan(u):
        if bf16_is_nan(y):
            return True, 'NaN'
        return not preserve, 'NOT NaN (0x%04x)' % y
    if (u & 0x7fffffff) == 0x7f800000:
        return y == u >> 16 or not preserve, 'inf' if y == u >> 16 else 'NOT the same inf'
    lo = rtz(u)
    exact = (u & 0xffff) == 0
    near = rne(u)
    hi = lo if exact else lo + 1  # the neighbour above in magnitude (0x7f80 / 0xff80: infinity)
    if y not in (lo, hi):
        if f32_subnormal(u) and (y & 0x7fff) == 0:
            return True, 'flushed to %s0' % ('-' if y & 0x8000 else '+')
        return False, 'WRONG'
    if exact:
        return True, 'exact'
    if near == lo:
        return True, 'nearest-even (= toward zero)' if y == lo else 'away from zero (not nearest)'
    return True, 'nearest-even (away from zero)' if y == near else 'toward zero (not nearest)'


def classify_bf16_to_f32(h, u, preserve):
    if bf16_is_nan(h):
        if f32_is_nan(u):
            return True, 'NaN'
        return not preserve, 'NOT NaN (0x%08x)' % u
    if u == (h << 16):
        return True, 'exact'
    if bf16_subnormal(h) and (u & 0x7fffffff) == 0:
        return True, 'flushed to %s0' % ('-' if u & 0x80000000 else '+')
    return False, 'WRONG'


def verdict(kind, counts):
    """One line: what the conversion did, from the classified counts."""
    def total(group, prefix=''):
        return sum(c for (g, l), c in counts.items() if g == group and l.startswith(prefix))
    parts = []
    if kind == 'f32_to_bf16':
        g = 'inexact, nearest != toward zero'
        n, near, tz = total(g), total(g, 'nearest-even'), total(g, 'toward zero')
        mode = 'nearest even' if n and near == n else 'toward zero' if n and tz == n else 'mixed' if n else 'untested'
        parts.append('rounding: %s (%d nearest-even, %d toward zero of %d inexact cases where they differ)' % (
            mode, near, tz, n))
        g = 'overflow (nearest is inf)'
        if total(g):
            parts.append('overflow: %d to inf, %d to the largest finite' % (
                total(g, 'nearest-even'), total(g, 'toward zero')))
    g = 'subnormal input'
    if total(g):
        parts.append('subnormal inputs: %d flushed to zero of %d' % (total(g, 'flushed'), total(g)))
    nan = [(l, c) for (g, l), c in counts.items() if g.startswith('NaN')]
    kept = sum(c for l, c in nan if l == 'NaN')
    lost = sum(c for l, c in nan if l.startswith('NOT NaN'))
    if kept or lost:
        parts.append('NaN inputs: %d stayed NaN, %d did not' % (kept, lost))
    return 'verdict: ' + '; '.join(parts)


def read_words(path, size):
    data = open(path, 'rb').read()
    n = len(data) // size
    return list(struct.unpack('<%d%s' % (n, 'I' if size == 4 else 'H'), data[:n * size]))


def conv_classify(kind, in_path, out_path, require_rne, summary_only, preserve):
    if kind == 'f32_to_bf16':
        xs, ys = read_words(in_path, 4), read_words(out_path, 2)
        classify = classify_f32_to_bf16
    else:
        xs, ys = read_words(in_path, 2), read_words(out_path, 4)
        classify = classify_bf16_to_f32
    n = min(len(xs), len(ys))
    names = dict(F32_CASES if kind == 'f32_to_bf16' else BF16_CASES)
    counts = {}
    bad = 0
    not_rne = 0
    lines = []
    for x, y in zip(xs[:n], ys[:n]):
        ok, label = classify(x, y, preserve)
        if kind == 'f32_to_bf16':
            if f32_is_nan(x):
                is_rne = bf16_is_nan(y)
            else:
                is_rne = y == rne(x)
            if f32_subnormal(x):
                group = 'subnormal input'
            elif f32_is_nan(x) or (x & 0x7fffffff) == 0x7f800000:
                group = 'NaN or inf input'
            elif (rne(x) & 0x7fff) == 0x7f80:
                group = 'overflow (nearest is inf)'
            elif (x & 0xffff) == 0:
                group = 'exact'
            elif rne(x) == rtz(x):
                group = 'inexact, nearest = toward zero'
            else:
                group = 'inexact, nearest != toward zero'
        else:
            is_rne = ok and not label.startswith('flushed')
            group = 'subnormal input' if bf16_subnormal(x) else 'NaN input' if bf16_is_nan(x) else 'normal, zero or inf'
        key = (group, label)
        counts[key] = counts.get(key, 0) + 1
        if not ok:
            bad += 1
        if not is_rne:
            not_rne += 1
        if not summary_only:
            if kind == 'f32_to_bf16':
                lines.append('  0x%08x -> 0x%04x  nearest-even 0x%04x toward-zero 0x%04x  %-30s %s%s' % (
                    x, y, rne(x), rtz(x) if not f32_is_nan(x) else rne(x), label,
                    names.get(x, ''), '' if ok else '  <- NOT ALLOWED'))
            else:
                lines.append('  0x%04x -> 0x%08x  exact 0x%08x  %-16s %s%s' % (
                    x, y, x << 16, label, names.get(x, ''), '' if ok else '  <- NOT ALLOWED'))
    for line in lines:
        print(line)
    print('  summary (%d values):' % n)
    for (group, label), c in sorted(counts.items()):
        print('    %-34s %-32s %d' % (group + ':', label, c))
    print('  ' + verdict(kind, counts))
    if bad:
        print('  %d results are not what Vulkan allows' % bad)
    if require_rne and not_rne:
        print('  %d results are not round-to-nearest-even' % not_rne)
    return 1 if bad or (require_rne and not_rne) else 0


# ---- Cooperative matrix ----
N = 16


def coop_input(d, seed, mode):
    rng = random.Random(seed)
    lo = 0.0 if mode == 'positive' else -1.0

    def draw():
        return lo + (1.0 - lo) * rng.random()
    a = [bf16_from_double(draw()) for _ in range(N * N)]
    b = [bf16_from_double(draw()) for _ in range(N * N)]
    c = [f32_bits(draw()) for _ in range(N * N)]
    open(d + '/A.bf16', 'wb').write(struct.pack('<%dH' % (N * N), *a))
    open(d + '/B.bf16', 'wb').write(struct.pack('<%dH' % (N * N), *b))
    open(d + '/C.f32', 'wb').write(struct.pack('<%dI' % (N * N), *c))
    av = [bf16_value(x) for x in a]
    bv = [bf16_value(x) for x in b]
    cv = [f32_value(x) for x in c]
    ref, mag = [], []
    for i in range(N):
        for j in range(N):
            terms = [av[i * N + k] * bv[k * N + j] for k in range(N)] + [cv[i * N + j]]
            ref.append(math.fsum(terms))
            mag.append(math.fsum(abs(t) for t in terms))
    open(d + '/ref.f64', 'wb').write(struct.pack('<%dd' % (2 * N * N), *(ref + mag)))


def coop_ref(d):
    v = struct.unpack('<%dd' % (2 * N * N), open(d + '/ref.f64', 'rb').read())
    return list(v[:N * N]), list(v[N * N:])


def coop_expect(d):
    ref, _ = coop_ref(d)
    return 'f32:' + ','.join(fmt(f32_value(f32_bits(r))) for r in ref)


def f32_ulp(x):
    x = abs(x)
    if x < 2.0 ** -126:
        return 2.0 ** -149
    return 2.0 ** (math.frexp(x)[1] - 24)


# 17 terms (16 products, exact in f32, and C) summed in f32: at most 17 roundings, each with a
# relative error below 2^-23 whatever the rounding mode, so |D - ref| <= 17 * 2^-23 * sum|terms|
# (to first order).
COOP_BOUND = 17 * 2.0 ** -23


def coop_check(d, d_path):
    ref, mag = coop_ref(d)
    got = [f32_value(u) for u in read_words(d_path, 4)[:N * N]]
    worst_rel = 0.0
    worst_ulp = 0.0
    bad = 0
    diff2 = ref2 = 0.0
    for i, (g, r, m) in enumerate(zip(got, ref, mag)):
        if math.isnan(g) or math.isinf(g):
            bad += 1
            continue
        e = abs(g - r)
        diff2 += e * e
        ref2 += r * r
        rel = e / m if m else (0.0 if e == 0 else math.inf)
        worst_rel = max(worst_rel, rel)
        worst_ulp = max(worst_ulp, e / f32_ulp(f32_value(f32_bits(r))))
        if e > COOP_BOUND * m:
            bad += 1
            if bad <= 8:
                print('  D[%d][%d] = %r, reference %r: error %.3g > bound %.3g' % (i // N, i % N, g, r, e,
                                                                                 COOP_BOUND * m))
    norm = math.sqrt(diff2 / ref2) if ref2 else 0.0
    print('  %d elements; max |D - ref| / sum|terms| = %.3g (bound 17 * 2^-23 = %.3g, i.e. %.2f x 2^-23); '
          'max error %.2f ulp of f32; ||D - ref|| / ||ref|| = %.3g; %d outside the bound' % (
              len(got), worst_rel, COOP_BOUND, worst_rel / 2.0 ** -23, worst_ulp, norm, bad))
    return 1 if bad or len(got) < N * N else 0


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    cmd = argv[1]
    if cmd == 'conv-input':
        print(conv_input(argv[2], argv[3]))
    elif cmd == 'conv-expect':
        print(conv_expect(argv[2], argv[3]))
    elif cmd == 'conv-classify':
        return conv_classify(argv[2], argv[3], argv[4], '--require-rne' in argv, '--summary-only' in argv,
                             '--preserve' in argv)
    elif cmd == 'coop-input':
        coop_input(argv[2], int(argv[3]), argv[4])
    elif cmd == 'coop-expect':
        print(coop_expect(argv[2]))
    elif cmd == 'coop-check':
        return coop_check(argv[2], argv[3])
    else:
        print('check.py: unknown command %s' % cmd, file=sys.stderr)
        return 2
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
